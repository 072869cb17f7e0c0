// The spec's two route tables. '/' is the landing page for visitors (and while the sign-in state
// loads) and the tasks screen when signed in; signed-in-only pages are 404 for visitors.
import { Announcer } from './lib/announce';
import { FocusOnNavigate } from './ui/FocusOnNavigate';
import { type ComponentProps, lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { LoadErrorBoundary } from './ui/LoadErrorBoundary';
import { Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { BLOCKED_SITES_PATH, ROUTES, withNext } from '../shared/routes';
import { useAuth } from './features/auth/useAuth';
import { LandingPage } from './features/landing/LandingPage';
import { OfflineNotices } from './features/offline/OfflineNotices';
import { LiveUpdates } from './features/live/LiveUpdates';
import { LockInProvider } from './features/lockin/LockInProvider';
import { ScrollRestoration } from './lib/scroll-restoration';
import { PageLoading } from './ui/PageLoading';
import { SkipLink } from './ui/SkipLink';

// Screens only a signed-in user reaches load on demand, so a visitor's first page (the landing
// page, sign-in, legal pages) carries none of their code (bench/bundle-size.ts, 'first load').
/** The tasks screen's code; main.tsx starts it early when the first render will show it. */
export const loadTasksHome = () => import('./features/tasks/TasksHome');
const TasksHome = lazy(() => loadTasksHome().then((m) => ({ default: m.TasksHome })));
/**
 * Sign-in and sign-up: a visitor's first page only when opened by address, so their code (the
 * form, the providers' marks) loads with them; the server preloads it for those two paths.
 */
let loginModule: typeof import('./features/auth/LoginPage') | undefined;
export const loadLoginPage = () =>
  import('./features/auth/LoginPage').then((m) => {
    loginModule = m;
    return m;
  });
const LazyLoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
/** Drawn at once when its code is already here (main.tsx loads it first on /login): no 'Loading...'. */
function LoginPage(props: ComponentProps<typeof LazyLoginPage>) {
  const Page = loginModule?.LoginPage ?? LazyLoginPage;
  return <Page {...props} />;
}
const NotFoundPage = lazy(() => import('./features/notfound/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const ManageAccountPage = lazy(() =>
  import('./features/account/ManageAccountPage').then((m) => ({ default: m.ManageAccountPage })),
);
const DemoCheckoutPage = lazy(() =>
  import('./features/plans/DemoCheckoutPage').then((m) => ({ default: m.DemoCheckoutPage })),
);
// Pages a visitor rarely opens first (reached from a mail, the legal texts, the plans page) load
// on demand as well.
const ForgotPasswordPage = lazy(() =>
  import('./features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmEmailPage = lazy(() =>
  import('./features/auth/ConfirmEmailPage').then((m) => ({ default: m.ConfirmEmailPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('./features/legal/LegalPages').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('./features/legal/LegalPages').then((m) => ({ default: m.TermsOfServicePage })),
);
const CookiePolicyPage = lazy(() =>
  import('./features/legal/LegalPages').then((m) => ({ default: m.CookiePolicyPage })),
);
// Focus together: opened from the Lock-In setup, an invite link or a shared code.
const NewRoomPage = lazy(() => import('./features/rooms/NewRoomPage').then((m) => ({ default: m.NewRoomPage })));
const RoomPage = lazy(() => import('./features/rooms/RoomPage').then((m) => ({ default: m.RoomPage })));
const CirclesPage = lazy(() => import('./features/rooms/CirclesPages').then((m) => ({ default: m.CirclesPage })));
const CirclePage = lazy(() => import('./features/rooms/CirclesPages').then((m) => ({ default: m.CirclePage })));
const JoinCirclePage = lazy(() => import('./features/rooms/CirclesPages').then((m) => ({ default: m.JoinCirclePage })));
const JoinPage = lazy(() => import('./features/rooms/JoinPage').then((m) => ({ default: m.JoinPage })));
const SubscribePage = lazy(() => import('./features/plans/SubscribePage').then((m) => ({ default: m.SubscribePage })));
const SubscribeSuccessPage = lazy(() =>
  import('./features/plans/SubscribeSuccessPage').then((m) => ({ default: m.SubscribeSuccessPage })),
);

function Root() {
  return (
    <LockInProvider>
      <SkipLink />
      <FocusOnNavigate />
      <Announcer scope="page" />
      <OfflineNotices />
      <LiveUpdates />
      <Outlet />
      <ScrollRestoration />
    </LockInProvider>
  );
}

/** A page whose code loads on demand: 'Loading...' until it has, and a way out if it cannot. */
function OnDemand({ children }: { children: ReactNode }) {
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}

function Home() {
  // The signed-in screen is the largest render of the app: deferred, React renders it in slices
  // that leave the page responsive (a phone's main thread is never blocked for long), while the
  // screen shown until then stays.
  const isAuthenticated = useDeferredValue(useAuth().isAuthenticated);
  return isAuthenticated ? (
    <OnDemand>
      <TasksHome />
    </OnDemand>
  ) : (
    <LandingPage />
  );
}

function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (isAuthenticated) return <OnDemand>{children}</OnDemand>;
  // The extension opens Blocked Sites right after it is installed, often before its user has
  // signed in: sign-in first, then straight back to the card (a 404 there stopped newcomers).
  const target = `${location.pathname}${location.hash}`;
  if (target === BLOCKED_SITES_PATH) return <Navigate to={withNext(ROUTES.login, target)} replace />;
  return (
    <OnDemand>
      <NotFoundPage />
    </OnDemand>
  );
}

/** The spec's paths match exactly: '/Login' is not '/login' (the server answers it 404 too). */
function exact(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => (route.path === '*' ? route : { ...route, caseSensitive: true }));
}

const ROUTE_TABLE: RouteObject[] = [
  {
    element: <Root />,
    children: exact([
      { path: ROUTES.home, element: <Home /> },
      {
        path: ROUTES.login,
        element: (
          <OnDemand>
            <LoginPage mode="signin" />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.signup,
        element: (
          <OnDemand>
            <LoginPage mode="signup" />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.forgotPassword,
        element: (
          <OnDemand>
            <ForgotPasswordPage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.resetPassword,
        element: (
          <OnDemand>
            <ResetPasswordPage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.confirmEmail,
        element: (
          <OnDemand>
            <ConfirmEmailPage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.privacyPolicy,
        element: (
          <OnDemand>
            <PrivacyPolicyPage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.termsOfService,
        element: (
          <OnDemand>
            <TermsOfServicePage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.cookiePolicy,
        element: (
          <OnDemand>
            <CookiePolicyPage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.newRoom,
        element: (
          <SignedInOnly>
            <NewRoomPage />
          </SignedInOnly>
        ),
      },
      {
        path: '/rooms/:roomId',
        element: (
          <SignedInOnly>
            <RoomPage />
          </SignedInOnly>
        ),
      },
      {
        path: ROUTES.joinRoom,
        element: (
          <OnDemand>
            <JoinPage />
          </OnDemand>
        ),
      },
      {
        path: '/join/:token',
        element: (
          <OnDemand>
            <JoinPage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.circles,
        element: (
          <SignedInOnly>
            <CirclesPage />
          </SignedInOnly>
        ),
      },
      {
        path: '/circles/:circleId',
        element: (
          <SignedInOnly>
            <CirclePage />
          </SignedInOnly>
        ),
      },
      {
        path: '/circles/join/:token',
        element: (
          <OnDemand>
            <JoinCirclePage />
          </OnDemand>
        ),
      },
      {
        path: ROUTES.subscribe,
        element: (
          <OnDemand>
            <SubscribePage />
          </OnDemand>
        ),
      },
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
      {
        path: '*',
        element: (
          <OnDemand>
            <NotFoundPage />
          </OnDemand>
        ),
      },
    ]),
  },
];

/** The app's pages, under main.tsx's <BrowserRouter>. */
export function AppRoutes() {
  return useRoutes(ROUTE_TABLE);
}
