// Single-key shortcuts (WCAG 2.1.4: they can be turned off, and never fire while typing). Screens
// register what a key does while they are mounted with useShortcut(); one document listener
// dispatches. The provider also owns the help dialog, opened with '?' or from the account menu.
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { findShortcut, mayTrigger, SHORTCUTS_SETTING_KEY, type ShortcutId, shortcutKeyOf } from './shortcuts';

// The help is opened by few, and never on the first screen: its code loads when it first opens.
const ShortcutsHelpDialog = lazy(() =>
  import('./ShortcutsHelpDialog').then((m) => ({ default: m.ShortcutsHelpDialog })),
);

type Handler = () => void;

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
  // Mounted from its first opening on, so it closes like any dialog.
  const helpLoaded = useOpenedOnce(helpOpen);
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
      {helpLoaded && (
        <Suspense fallback={null}>
          <ShortcutsHelpDialog
            open={helpOpen}
            onClose={() => setHelpOpen(false)}
            enabled={enabled}
            setEnabled={setEnabled}
            available={available}
          />
        </Suspense>
      )}
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
