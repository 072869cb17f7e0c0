// The shortcuts' help: every key, what it does, whether this screen offers it, and the switch that
// turns single-key shortcuts off (WCAG 2.1.4). Loaded when it first opens (ShortcutsProvider).
import { useId } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SHORTCUTS, type ShortcutId } from './shortcuts';

const HELP_UNAVAILABLE = 'not available on this screen';

export function ShortcutsHelpDialog({
  open,
  onClose,
  enabled,
  setEnabled,
  available,
}: {
  open: boolean;
  onClose: () => void;
  enabled: boolean;
  setEnabled: (on: boolean) => void;
  available: ReadonlySet<ShortcutId>;
}) {
  const switchId = useId();
  const hintId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="On the tasks screen, press a single key. Shortcuts never fire while you type in a field or while a dialog is open."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <table className="w-full text-left text-sm" data-testid="shortcuts-table">
        <caption className="sr-only">Shortcut keys</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-2 pr-4 font-medium">
              Key
            </th>
            <th scope="col" className="py-2 font-medium">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr
              key={s.id}
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
              data-shortcut={s.id}
              data-available={s.id === 'help' || available.has(s.id)}
            >
              <td className="py-2 pr-4">
                <kbd className="inline-flex min-w-7 justify-center rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                  {s.key}
                </kbd>
              </td>
              <td className="py-2 text-slate-800 dark:text-slate-200">
                {s.label}
                {s.note && <span className="muted"> ({s.note})</span>}
                {s.id !== 'help' && !available.has(s.id) && <span className="muted"> — {HELP_UNAVAILABLE}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-5 flex items-start gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
          checked={enabled}
          // role="switch" requires aria-checked (ARIA 1.2); it mirrors the native checked state.
          aria-checked={enabled}
          aria-describedby={hintId}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid="shortcuts-enabled"
        />
        <div>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-900 dark:text-white">
            Single-key shortcuts
          </label>
          <p id={hintId} className="text-xs muted">
            Turn them off if you use speech input or keys get pressed by accident. This device remembers the choice.
          </p>
        </div>
      </div>
    </Dialog>
  );
}
