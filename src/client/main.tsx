import './lib/zod-jitless';
// Listens for the browser's install offer from the first moment (it may come before any menu).
import './features/install/installPrompt';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { ToastProvider } from './lib/toast';
import { TRPCProvider, createTrpcClient } from './lib/trpc';
import { AppRoutes, loadLoginPage, loadTasksHome } from './routes';
import { isSignInPath } from '../shared/routes';
import { primeSignIn } from './features/auth/useAuth';
import { prefetchTasksScreen } from './features/tasks/prefetchTasksScreen';
import { ShortcutsProvider } from './features/shortcuts/ShortcutsProvider';
import { registerServiceWorker } from './features/offline/serviceWorker';
import { setUpOfflineChanges } from './features/offline/offlineChanges';

// Production builds only: a development server's files change under it.
if (process.env.NODE_ENV === 'production') registerServiceWorker();

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
setUpOfflineChanges(queryClient, trpcClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must hold <div id="root">');

// The first render is a transition: React renders it in slices that yield to the browser, so a
// phone's main thread is never blocked for the whole first screen at once. It waits (briefly) for
// the sign-in state, so a signed-in user's first screen is the tasks screen, whose code starts
// loading at once.
const root = createRoot(rootElement);
const render = () =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <ToastProvider>
            <ShortcutsProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </ShortcutsProvider>
          </ToastProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
// The sign-in form's code (preloaded by the page for these paths) is there before the first render,
// so the form is the first thing drawn, not 'Loading...'.
const signInCode = isSignInPath(window.location.pathname) ? loadLoginPage().catch(() => undefined) : undefined;
void primeSignIn(queryClient).then(async (user) => {
  if (user) {
    void loadTasksHome();
    await prefetchTasksScreen(queryClient, trpcClient);
  }
  await signInCode;
  startTransition(render);
});
