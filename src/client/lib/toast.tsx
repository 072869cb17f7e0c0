// One toast at a time, shown for 4 seconds, announced to screen readers.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from '../../shared/constants';
import type { ToastCopy } from '../../shared/copy';

type ToastVariant = 'default' | 'success' | 'destructive';
export interface ToastInput extends ToastCopy {
  variant?: ToastVariant;
}
interface ShownToast extends ToastInput {
  key: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

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
  const show = useCallback((input: ToastInput) => {
    counter.current += 1;
    setToast({ ...input, key: counter.current });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end"
      >
        {toast && (
          <div
            key={toast.key}
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
                onClick={() => setToast(null)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
