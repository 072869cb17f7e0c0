// The single-key shortcuts and the rules for when a key press may trigger one. Pure functions, so
// the rules are unit-tested without a browser.

export type ShortcutId = 'newBankTask' | 'addTaskPicker' | 'dailyTab' | 'bankTab' | 'lockIn' | 'analytics' | 'help';

export interface ShortcutDef {
  id: ShortcutId;
  key: string;
  /** What it does, as the help dialog lists it. */
  label: string;
  /** When it is available, if not everywhere on the tasks screen. */
  note?: string;
}

export const SHORTCUTS: readonly ShortcutDef[] = [
  { id: 'newBankTask', key: 'n', label: 'New Task Bank task' },
  { id: 'addTaskPicker', key: 'a', label: "Add tasks to Today's Focus", note: 'while fewer than 5 are planned' },
  { id: 'dailyTab', key: 'd', label: "Show Today's Focus" },
  { id: 'bankTab', key: 'b', label: 'Show the Task Bank' },
  { id: 'lockIn', key: 'l', label: 'Start a Lock-In session' },
  { id: 'analytics', key: 'm', label: 'Open My Analytics' },
  { id: 'help', key: '?', label: 'Show this list of shortcuts' },
];

/** localStorage key of the on/off setting (a device preference, like a theme; see docs/decisions). */
export const SHORTCUTS_SETTING_KEY = 'lockin.shortcuts';

/** The key as a shortcut names it: letters lower-case (Caps Lock on still works), others as typed. */
export function shortcutKeyOf(event: Pick<KeyboardEvent, 'key' | 'shiftKey'>): string {
  return event.key.length === 1 && /[a-z]/i.test(event.key) && !event.shiftKey ? event.key.toLowerCase() : event.key;
}

export function findShortcut(key: string): ShortcutDef | undefined {
  return SHORTCUTS.find((s) => s.key === key);
}

/** Input types that take typed text; a key press in a checkbox or button is not typing. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image']);

/** True when the element takes typed characters: the key belongs to it, not to a shortcut. */
export function isTypingTarget(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has(((element as HTMLInputElement).type || 'text').toLowerCase());
  if ((element as HTMLElement).isContentEditable) return true;
  const editable = element.closest?.('[contenteditable]');
  return editable !== null && editable !== undefined && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * True when something modal owns the keyboard: an open <dialog> (the Dialog component, the
 * Lock-In and analytics modals), an aria-modal element, or an open menu or listbox with focus in it.
 */
export function keyboardIsOwned(doc: Document): boolean {
  if (doc.querySelector('dialog[open], [aria-modal="true"]')) return true;
  const active = doc.activeElement;
  return Boolean(active?.closest?.('[role="menu"], [role="listbox"], [role="combobox"]'));
}

/** Whether this key press may trigger a shortcut at all. */
export function mayTrigger(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'defaultPrevented' | 'repeat'>,
  target: Element | null,
  doc: Document,
): boolean {
  if (event.defaultPrevented || event.isComposing || event.repeat) return false;
  // Modifier chords belong to the browser and the system (Ctrl+N, Cmd+L…).
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(target)) return false;
  return !keyboardIsOwned(doc);
}
