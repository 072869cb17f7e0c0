// The spec's two route tables. '/' is the landing page for visitors (and while the sign-in state
// loads) and the tasks screen when signed in; signed-in-only pages are 404 for visitors.
import type { ReactNode } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { ROUTES } from '../shared/routes';
import { useAuth } from './features/auth/useAuth';
import { LandingPage } from './features/landing/LandingPage';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfServicePage } from './features/legal/LegalPages';
import { NotFoundPage } from './features/notfound/NotFoundPage';
import { LoginPage } from './features/auth/LoginPage';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { ManageAccountPage } from './features/account/ManageAccountPage';
import { TasksHome } from './features/tasks/TasksHome';
import { PlansPlaceholder } from './features/plans/PlansPlaceholder';
import { PageLoading } from './ui/PageLoading';

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function Home() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <TasksHome /> : <LandingPage />;
}

function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <PageLoading />;
  return isAuthenticated ? children : <NotFoundPage />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      children: [
        { path: ROUTES.home, element: <Home /> },
        { path: ROUTES.login, element: <LoginPage mode="signin" /> },
        { path: ROUTES.signup, element: <LoginPage mode="signup" /> },
        { path: ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
        { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
        { path: ROUTES.privacyPolicy, element: <PrivacyPolicyPage /> },
        { path: ROUTES.termsOfService, element: <TermsOfServicePage /> },
        { path: ROUTES.cookiePolicy, element: <CookiePolicyPage /> },
        { path: ROUTES.subscribe, element: <PlansPlaceholder /> },
        { path: ROUTES.demoCheckout, element: <PlansPlaceholder /> },
        { path: ROUTES.subscribeSuccess, element: <SignedInOnly><PlansPlaceholder /></SignedInOnly> },
        { path: ROUTES.manageSubscription, element: <SignedInOnly><ManageAccountPage /></SignedInOnly> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
