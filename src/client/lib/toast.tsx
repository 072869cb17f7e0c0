// One toast at a time, shown for 4 seconds, announced to screen readers. It is drawn by the
// topmost outlet: the page's own, or the open dialog's (a modal <dialog> sits in the browser's top
// layer and makes the rest of the page inert, so a toast outside it would show dimmed under the
// backdrop and could not be dismissed). Bottom centre: clear of the rows' controls at the edges
// of the task lists.
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
import { TOAST_DURATION_MS } from '../../shared/constants';
import type { ToastCopy } from '../../shared/copy';

type ToastVariant = 'default' | 'success' | 'destructive';
export interface ToastInput extends ToastCopy {
  variant?: ToastVariant;
}
interface ShownToast extends ToastInput {
  key: number;
  /** The outlet that was topmost when it was raised ('page', or a dialog's): it shows there. */
  owner: string;
}

const PAGE_OUTLET = 'page';

const FLASH_KEY = 'lockin:flash';

/** Keeps a toast for the next page load (after a `location.assign`), in this tab only. */
export function leaveToastForNextPage(toast: ToastInput): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // Storage off: the next page simply shows no toast.
  }
}

function takeFlash(): ToastInput | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return raw ? (JSON.parse(raw) as ToastInput) : null;
  } catch {
    return null;
  }
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

interface ToastHost {
  toast: ShownToast | null;
  dismiss: () => void;
  /** Outlets in mount order; the last one draws the toast. */
  outlets: string[];
  register: (id: string) => () => void;
}
const ToastHostContext = createContext<ToastHost | null>(null);

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50',
  destructive: 'border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const counter = useRef(0);
  // Read when a toast is raised: a toast belongs to the screen that raised it, so one raised just
  // before a dialog opens stays on the page rather than moving into the dialog.
  const outletsNow = useRef<string[]>([]);
  const show = useCallback((input: ToastInput) => {
    counter.current += 1;
    setToast({ ...input, key: counter.current, owner: outletsNow.current.at(-1) ?? PAGE_OUTLET });
  }, []);

  // A toast left by the page before a full reload (deleting the account ends at the landing page).
  useEffect(() => {
    const left = takeFlash();
    if (left) show(left);
  }, [show]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const [outlets, setOutlets] = useState<string[]>([]);
  const register = useCallback((id: string) => {
    outletsNow.current = [...outletsNow.current, id];
    setOutlets((list) => [...list, id]);
    return () => {
      outletsNow.current = outletsNow.current.filter((o) => o !== id);
      setOutlets((list) => list.filter((o) => o !== id));
    };
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  const host = useMemo<ToastHost>(() => ({ toast, dismiss, outlets, register }), [toast, dismiss, outlets, register]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <ToastHostContext.Provider value={host}>
        {children}
        <ToastOutlet page />
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * A page toast must not hide the focused control (WCAG 2.4.11): the page makes room below its last
 * control while one shows (uno.config.ts), and a control it lands on is scrolled above it.
 */
function keepFocusedInSight(toast: HTMLDivElement | null): void {
  const active = document.activeElement;
  if (!toast || !(active instanceof HTMLElement) || active === document.body) return;
  requestAnimationFrame(() => {
    const a = active.getBoundingClientRect();
    const t = toast.getBoundingClientRect();
    if (a.bottom > t.top && a.top < t.bottom && a.right > t.left && a.left < t.right)
      window.scrollBy({ top: a.bottom - t.top + 16 });
  });
}

/**
 * Where the toast can show. The provider has one for the page (`page`), shown while no dialog is
 * open; every open dialog renders one, so the toast shows inside the topmost dialog, above its
 * backdrop and reachable by keyboard. The page's needs no registering: registering from an effect
 * would render the provider a second time right after the app's first render.
 */
export function ToastOutlet({ page = false }: { page?: boolean }) {
  const host = useContext(ToastHostContext);
  const id = useId();
  const register = host?.register;
  useEffect(() => (page ? undefined : register?.(id)), [page, register, id]);
  // Where focus was before it entered the toast: dismissing gives it back (the toast leaves the
  // page, and focus would fall to <body>, outside the dialog the user is in).
  const focusBefore = useRef<HTMLElement | null>(null);
  if (!host) return null;
  const self = page ? PAGE_OUTLET : id;
  const raised = host.toast;
  // Its own outlet draws it; when that one is gone (the dialog that raised it closed), the topmost.
  const ownerOpen = raised !== null && (raised.owner === PAGE_OUTLET || host.outlets.includes(raised.owner));
  const topmost = host.outlets.at(-1) ?? PAGE_OUTLET;
  const toast = raised && (ownerOpen ? raised.owner === self : topmost === self) ? raised : null;
  const dismiss = (event: React.MouseEvent<HTMLButtonElement>) => {
    const dialog = event.currentTarget.closest('dialog');
    const back = focusBefore.current;
    focusBefore.current = null;
    host.dismiss();
    if (back?.isConnected) back.focus();
    else dialog?.querySelector<HTMLElement>('[data-autofocus], input, button:not([aria-label="Close"])')?.focus();
  };
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      // The page's toast floats at the bottom; a dialog's sits in the dialog's flow at its top, so
      // it never covers the dialog's own buttons on a small screen.
      className={
        page
          ? 'pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4'
          : 'flex justify-center px-4 pt-4 empty:hidden'
      }
    >
      {toast && (
        <div
          key={toast.key}
          ref={page ? keepFocusedInSight : undefined}
          data-toast={page ? 'page' : 'dialog'}
          data-testid="toast"
          className={`pointer-events-auto w-full max-w-sm rounded-xl border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant ?? 'default']}`}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button
              type="button"
              className="btn btn-ghost h-7 w-7 p-0 text-current"
              aria-label="Dismiss notification"
              onFocus={(event) => {
                focusBefore.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
              }}
              onClick={dismiss}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
