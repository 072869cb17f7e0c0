// Opens the analytics dashboard and the AI suggestions modal. Both are loaded on first open
// (React.lazy), so visx and the dashboard's code never weigh on pages that do not show them.
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Button';
import { useSuggestionWords } from '../ai/useSuggestionWords';

const AnalyticsModal = lazy(() => import('./AnalyticsModal'));
const AiSuggestionsModal = lazy(() => import('../ai/AiSuggestionsModal'));

type Open = 'analytics' | 'ai' | null;

function Loading({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={title} size="md">
      <p role="status" className="flex items-center gap-2 text-sm muted">
        <Spinner />
        Loading…
      </p>
    </Dialog>
  );
}

export function useInsightsModals(premium: boolean): {
  openAnalytics: () => void;
  openAiSuggestions: () => void;
  modals: ReactNode;
} {
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const openAnalytics = useCallback(() => setOpen('analytics'), []);
  const openAiSuggestions = useCallback(() => setOpen('ai'), []);
  const dashboardTitle = premium ? 'Productivity Dashboard' : 'Quick Analytics';
  const suggestionTitle = useSuggestionWords().title;
  const modals =
    open === 'analytics' ? (
      <Suspense fallback={<Loading title={dashboardTitle} onClose={close} />}>
        <AnalyticsModal onClose={close} />
      </Suspense>
    ) : open === 'ai' ? (
      <Suspense fallback={<Loading title={suggestionTitle} onClose={close} />}>
        <AiSuggestionsModal onClose={close} />
      </Suspense>
    ) : null;
  return { openAnalytics, openAiSuggestions, modals };
}
