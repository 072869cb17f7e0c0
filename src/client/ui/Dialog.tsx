// A modal built on the native <dialog>: showModal() makes the rest of the page inert (a real
// focus trap), Escape closes it, and focus returns to the opener.
import { type ReactNode, useCallback, useEffect, useId, useRef } from 'react';
import { ToastOutlet } from '../lib/toast';
import { Announcer } from '../lib/announce';
import { focusMainHeading } from './focus-main-heading';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Backdrop clicks and Escape do nothing when false (e.g. while a session runs). */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Role alertdialog for confirmations. */
  alert?: boolean;
  /** The corner × (named 'Close'); off for a dialog whose footer has its own 'Close'. */
  closeButton?: boolean;
  /** Open but unseen, under another dialog that stands for it (its backdrop still dims the page). */
  concealed?: boolean;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-5xl' };

/** Each open dialog's openers, its own first: the chain a nested dialog inherits. */
const chains = new WeakMap<HTMLDialogElement, HTMLElement[]>();

function openerChain(active: Element | null): HTMLElement[] {
  if (!(active instanceof HTMLElement) || active === document.body) return [];
  const outer = active.closest('dialog');
  return [active, ...((outer && chains.get(outer)) ?? [])];
}

/**
 * The chain of the element that last took focus. A dialog opened by a click that also closed the
 * dialog holding the clicked button ('Start Another' in the celebration) finds focus already on
 * <body>, since the button left with its dialog's content: it takes this chain instead.
 */
let lastFocusChain: HTMLElement[] = [];
let listening = false;
function followFocus() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && event.target !== document.body)
      lastFocusChain = openerChain(event.target);
  });
}

/** On the page, outside any closed dialog, and not disabled: focus can land there. */
const isReachable = (el: HTMLElement) =>
  el.isConnected && !el.closest('dialog:not([open])') && !(el as HTMLButtonElement).disabled;

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  size = 'md',
  alert = false,
  closeButton = true,
  concealed = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // What had focus before the dialog opened gets it back when it closes, also when the dialog
  // leaves the page while open (a provider that unmounts it): without this, a dialog opened by a
  // keyboard shortcut handed focus to <body>. When that element is gone (it was inside a dialog
  // that closed too: 'End Early', 'View Stats', 'Start Another'), the one that opened that dialog
  // takes it, and so on outwards.
  const openers = useRef<HTMLElement[]>([]);
  followFocus();
  const restoreFocus = useCallback(() => {
    const chain = openers.current;
    openers.current = [];
    const active = document.activeElement;
    // Focus already went somewhere that is still there (another dialog, the native restore).
    if (active instanceof HTMLElement && active !== document.body && active !== ref.current && isReachable(active))
      return;
    const opener = chain.find(isReachable);
    // No opener left (a dialog shown on load, such as the celebration): the page's main heading.
    if (opener) opener.focus();
    else focusMainHeading();
  }, []);

  // A step that replaces the focused control (the Lock-In setup's 'Continue', 'Start Session')
  // would drop focus to <body> with the dialog still open: it goes to where the new content
  // says focus starts, else to the dialog's title. Checked after every render, which is cheap.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog?.open) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== dialog) return;
    (
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('h2[tabindex]')
    )?.focus();
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const chain = openerChain(document.activeElement);
      openers.current = chain.length > 0 ? chain : lastFocusChain;
      chains.set(dialog, openers.current);
      dialog.showModal();
      // A dialog may name where focus starts (the Lock-In setup: its selected duration), rather
      // than the first focusable element, which is the close button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      restoreFocus();
    }
  }, [open, restoreFocus]);

  useEffect(
    () => () => {
      if (ref.current?.open || openers.current.length > 0) restoreFocus();
    },
    [restoreFocus],
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape (onCancel) is its keyboard twin
    <dialog
      ref={ref}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (dismissible && event.target === ref.current) onClose();
      }}
      className={`${concealed ? 'invisible ' : ''}m-auto w-[calc(100%-2rem)] ${SIZES[size]} rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open && <ToastOutlet />}
      {open && <Announcer scope="dialog" />}
      {open && (
        // The body scrolls and the footer stays below it, so a long list never pushes the
        // dialog's actions (Cancel, Add Selected) out of sight.
        <div className="flex max-h-[85vh] flex-col">
          <div className="min-h-0 flex-1 overflow-y-auto p-6">
            <div className="mb-4 flex items-start justify-between gap-2">
              <div>
                <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold outline-none">
                  {title}
                </h2>
                {description && (
                  <p id={descriptionId} className="mt-1 text-sm muted">
                    {description}
                  </p>
                )}
              </div>
              {dismissible && closeButton && (
                <button
                  type="button"
                  // shrink-0: a long title or description squeezed it into an oval (and its focus ring with it).
                  className="btn btn-ghost btn-icon -mr-2 -mt-1 shrink-0"
                  aria-label="Close"
                  onClick={onClose}
                >
                  <span aria-hidden="true" className="text-xl leading-none">
                    ×
                  </span>
                </button>
              )}
            </div>
            {children}
          </div>
          {footer && (
            // On a phone the buttons grow to fill each row: wrapped ones were left ragged and
            // right-aligned (the celebration's third button alone on a second line).
            <div
              data-testid="dialog-footer"
              className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-6 py-4 max-sm:*:grow dark:border-slate-700"
            >
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
