import { describe, expect, test } from 'bun:test';
import { findShortcut, isTypingTarget, keyboardIsOwned, mayTrigger, SHORTCUTS, shortcutKeyOf } from './shortcuts';

// Small stand-ins for DOM elements: only what the rules read.
function el(
  tagName: string,
  props: Partial<{ type: string; isContentEditable: boolean; inside: string | null; editable: string | null }> = {},
): Element {
  return {
    tagName,
    type: props.type,
    isContentEditable: props.isContentEditable ?? false,
    getAttribute: () => null,
    closest: (selector: string) => {
      if (selector === '[contenteditable]')
        return props.editable === undefined || props.editable === null ? null : { getAttribute: () => props.editable };
      return props.inside && selector.includes(props.inside) ? {} : null;
    },
  } as unknown as Element;
}

function doc(active: Element | null, openDialog = false): Document {
  return { activeElement: active, querySelector: () => (openDialog ? {} : null) } as unknown as Document;
}

const press = (key: string, extra: Partial<KeyboardEvent> = {}) =>
  ({
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    isComposing: false,
    defaultPrevented: false,
    repeat: false,
    ...extra,
  }) as KeyboardEvent;

describe('shortcut keys', () => {
  test('every shortcut has its own single key', () => {
    const keys = SHORTCUTS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key.length).toBe(1);
  });

  test('letters match with Caps Lock on; Shift+letter and other keys do not', () => {
    expect(shortcutKeyOf(press('N'))).toBe('n');
    expect(findShortcut(shortcutKeyOf(press('n')))?.id).toBe('newBankTask');
    expect(shortcutKeyOf(press('N', { shiftKey: true }))).toBe('N');
    expect(findShortcut('N')).toBeUndefined();
    expect(findShortcut(shortcutKeyOf(press('?', { shiftKey: true })))?.id).toBe('help');
    expect(findShortcut('Enter')).toBeUndefined();
  });
});

describe('when a key may trigger a shortcut', () => {
  test('never while typing in a field', () => {
    for (const target of [
      el('INPUT'),
      el('INPUT', { type: 'email' }),
      el('INPUT', { type: 'search' }),
      el('TEXTAREA'),
      el('SELECT'),
      el('DIV', { isContentEditable: true }),
      el('SPAN', { editable: 'true' }),
    ]) {
      expect(isTypingTarget(target)).toBe(true);
      expect(mayTrigger(press('n'), target, doc(target))).toBe(false);
    }
  });

  test('a focused checkbox, button or link is not typing', () => {
    for (const target of [
      el('INPUT', { type: 'checkbox' }),
      el('BUTTON'),
      el('A'),
      el('BODY'),
      el('SPAN', { editable: 'false' }),
    ]) {
      expect(isTypingTarget(target)).toBe(false);
      expect(mayTrigger(press('n'), target, doc(target))).toBe(true);
    }
  });

  test('never while a dialog or an open menu owns the keyboard', () => {
    expect(keyboardIsOwned(doc(el('BODY'), true))).toBe(true);
    expect(mayTrigger(press('n'), el('BODY'), doc(el('BODY'), true))).toBe(false);
    const menuItem = el('A', { inside: 'role="menu"' });
    expect(mayTrigger(press('n'), menuItem, doc(menuItem))).toBe(false);
  });

  test('never with Ctrl, Cmd or Alt, during composition, on key repeat or once handled', () => {
    const body = el('BODY');
    for (const extra of [
      { ctrlKey: true },
      { metaKey: true },
      { altKey: true },
      { isComposing: true },
      { repeat: true },
      { defaultPrevented: true },
    ]) {
      expect(mayTrigger(press('n', extra), body, doc(body))).toBe(false);
    }
  });
});
