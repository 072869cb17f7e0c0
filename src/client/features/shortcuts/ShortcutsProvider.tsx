// Single-key shortcuts (WCAG 2.1.4: they can be turned off, and never fire while typing). Screens
// register what a key does while they are mounted with useShortcut(); one document listener
// dispatches. The provider also owns the help dialog, opened with '?' or from the account menu.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import {
  findShortcut,
  mayTrigger,
  SHORTCUTS,
  SHORTCUTS_SETTING_KEY,
  type ShortcutId,
  shortcutKeyOf,
} from './shortcuts';

type Handler = () => void;

const HELP_UNAVAILABLE = 'not available on this screen';

interface ShortcutsContextValue {
  enabled: boolean;
  setEnabled: (on: boolean) => void;
  openHelp: () => void;
  register: (id: ShortcutId, handler: { current: Handler }) => () => void;
}

const ShortcutsContext = createContext<ShortcutsContextValue | null>(null);

function readSetting(): boolean {
  try {
    return window.localStorage.getItem(SHORTCUTS_SETTING_KEY) !== 'off';
  } catch {
    return true; // storage blocked: the default (on) applies
  }
}

export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabledState] = useState(readSetting);
  const [helpOpen, setHelpOpen] = useState(false);
  /** Which shortcuts the current screen offers, taken when the help opens. */
  const [available, setAvailable] = useState<ReadonlySet<ShortcutId>>(new Set());
  const handlers = useRef(new Map<ShortcutId, { current: Handler }>());

  const setEnabled = useCallback((on: boolean) => {
    setEnabledState(on);
    try {
      window.localStorage.setItem(SHORTCUTS_SETTING_KEY, on ? 'on' : 'off');
    } catch {
      // storage blocked: the setting holds for this page only
    }
  }, []);

  // Another tab changed the setting.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SHORTCUTS_SETTING_KEY) setEnabledState(readSetting());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const register = useCallback((id: ShortcutId, handler: { current: Handler }) => {
    handlers.current.set(id, handler);
    return () => {
      if (handlers.current.get(id) === handler) handlers.current.delete(id);
    };
  }, []);

  const openHelp = useCallback(() => {
    setAvailable(new Set(handlers.current.keys()));
    setHelpOpen(true);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!mayTrigger(event, document.activeElement, document)) return;
      const shortcut = findShortcut(shortcutKeyOf(event));
      if (!shortcut) return;
      if (shortcut.id === 'help') {
        // Help belongs to the screens that have shortcuts; elsewhere '?' stays an ordinary key.
        if (handlers.current.size === 0) return;
        event.preventDefault();
        openHelp();
        return;
      }
      const handler = handlers.current.get(shortcut.id);
      if (!handler) return;
      event.preventDefault();
      handler.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, openHelp]);

  const value = useMemo(() => ({ enabled, setEnabled, openHelp, register }), [enabled, setEnabled, openHelp, register]);
  return (
    <ShortcutsContext.Provider value={value}>
      {children}
      <ShortcutsHelpDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        enabled={enabled}
        setEnabled={setEnabled}
        available={available}
      />
    </ShortcutsContext.Provider>
  );
}

function useShortcutsContext(): ShortcutsContextValue {
  const value = useContext(ShortcutsContext);
  if (!value) throw new Error('useShortcuts must be used inside <ShortcutsProvider>');
  return value;
}

export function useShortcuts(): Pick<ShortcutsContextValue, 'enabled' | 'setEnabled' | 'openHelp'> {
  const { enabled, setEnabled, openHelp } = useShortcutsContext();
  return { enabled, setEnabled, openHelp };
}

/**
 * While the calling component is mounted, the shortcut's key runs `handler` (the latest one
 * passed). Pass null when the action is not available (e.g. a Premium feature for a free user).
 */
export function useShortcut(id: ShortcutId, handler: Handler | null | undefined): void {
  const { register } = useShortcutsContext();
  const latest = useRef<Handler>(() => {});
  latest.current = handler ?? (() => {});
  const active = Boolean(handler);
  useEffect(() => (active ? register(id, latest) : undefined), [id, active, register]);
}

function ShortcutsHelpDialog({
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
