// The spec's two route tables. '/' is the landing page for visitors (and while the sign-in state
// loads) and the tasks screen when signed in; signed-in-only pages are 404 for visitors.
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { ROUTES } from '../shared/routes';
import { useAuth } from './features/auth/useAuth';
import { LandingPage } from './features/landing/LandingPage';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfServicePage } from './features/legal/LegalPages';
import { NotFoundPage } from './features/notfound/NotFoundPage';
import { LoginPage } from './features/auth/LoginPage';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { ConfirmEmailPage } from './features/auth/ConfirmEmailPage';
import { OfflineNotices } from './features/offline/OfflineNotices';
import { LockInProvider } from './features/lockin/LockInProvider';
import { SubscribePage } from './features/plans/SubscribePage';
import { PageLoading } from './ui/PageLoading';
import { SkipLink } from './ui/SkipLink';

// Screens only a signed-in user reaches load on demand, so a visitor's first page (the landing
// page, sign-in, legal pages) carries none of their code (bench/bundle-size.ts, 'first load').
const TasksHome = lazy(() => import('./features/tasks/TasksHome').then((m) => ({ default: m.TasksHome })));
const ManageAccountPage = lazy(() =>
  import('./features/account/ManageAccountPage').then((m) => ({ default: m.ManageAccountPage })),
);
const DemoCheckoutPage = lazy(() =>
  import('./features/plans/DemoCheckoutPage').then((m) => ({ default: m.DemoCheckoutPage })),
);
const SubscribeSuccessPage = lazy(() =>
  import('./features/plans/SubscribeSuccessPage').then((m) => ({ default: m.SubscribeSuccessPage })),
);

function Root() {
  return (
    <LockInProvider>
      <SkipLink />
      <OfflineNotices />
      <Outlet />
      <ScrollRestoration />
    </LockInProvider>
  );
}

function Home() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <Suspense fallback={<PageLoading />}>
      <TasksHome />
    </Suspense>
  ) : (
    <LandingPage />
  );
}

function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <PageLoading />;
  return isAuthenticated ? <Suspense fallback={<PageLoading />}>{children}</Suspense> : <NotFoundPage />;
}

/** The spec's paths match exactly: '/Login' is not '/login' (the server answers it 404 too). */
function exact(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => (route.path === '*' ? route : { ...route, caseSensitive: true }));
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      children: exact([
        { path: ROUTES.home, element: <Home /> },
        { path: ROUTES.login, element: <LoginPage mode="signin" /> },
        { path: ROUTES.signup, element: <LoginPage mode="signup" /> },
        { path: ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
        { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
        { path: ROUTES.confirmEmail, element: <ConfirmEmailPage /> },
        { path: ROUTES.privacyPolicy, element: <PrivacyPolicyPage /> },
        { path: ROUTES.termsOfService, element: <TermsOfServicePage /> },
        { path: ROUTES.cookiePolicy, element: <CookiePolicyPage /> },
        { path: ROUTES.subscribe, element: <SubscribePage /> },
        {
          path: ROUTES.demoCheckout,
          element: (
            <SignedInOnly>
              <DemoCheckoutPage />
            </SignedInOnly>
          ),
        },
        {
          path: ROUTES.subscribeSuccess,
          element: (
            <SignedInOnly>
              <SubscribeSuccessPage />
            </SignedInOnly>
          ),
        },
        {
          path: ROUTES.manageSubscription,
          element: (
            <SignedInOnly>
              <ManageAccountPage />
            </SignedInOnly>
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ]),
    },
  ]);
}
