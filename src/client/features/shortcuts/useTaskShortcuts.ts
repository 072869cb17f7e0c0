// The tasks screen's shortcuts: switch tabs, open the bank's add form or the Today's Focus picker,
// start Lock-In and open My Analytics. Opening happens in the tab that owns the form or dialog, so
// the screen switches tab and leaves a request that tab consumes once it is mounted.
import { useCallback, useState } from 'react';
import { useLockIn } from '../lockin/LockInProvider';
import { useShortcut } from './ShortcutsProvider';

type TabKey = 'daily' | 'bank';
export type OpenRequest = 'newBankTask' | 'addTaskPicker' | null;

function focusHeading(id: string) {
  // After React has rendered the new tab.
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

export function useTaskShortcuts({
  setTab,
  onOpenAnalytics,
}: {
  setTab: (tab: TabKey) => void;
  onOpenAnalytics?: () => void;
}) {
  const [request, setRequest] = useState<OpenRequest>(null);
  const lockIn = useLockIn();
  const handled = useCallback(() => setRequest(null), []);

  useShortcut('dailyTab', () => {
    setTab('daily');
    focusHeading('todays-focus-title');
  });
  useShortcut('bankTab', () => {
    setTab('bank');
    focusHeading('task-bank-title');
  });
  useShortcut('newBankTask', () => {
    setTab('bank');
    setRequest('newBankTask');
  });
  useShortcut('addTaskPicker', () => {
    setTab('daily');
    setRequest('addTaskPicker');
  });
  // On both tabs, like the header's actions: the Lock-In modal (or the running session) opens over either.
  useShortcut('lockIn', () => lockIn.open());
  useShortcut('analytics', onOpenAnalytics);

  return { request, handled };
}
