// Polite announcements for successes that change the page without moving focus (a task added,
// a site removed): WCAG 4.1.3. One region for the page and one in each open dialog, since a modal
// dialog makes the page inert and a screen reader would not hear the page's region then.
export function announce(text: string): void {
  const dialogs = document.querySelectorAll('dialog[open]');
  const top = dialogs[dialogs.length - 1];
  const region =
    top?.querySelector<HTMLElement>('[data-announcer]') ??
    document.querySelector<HTMLElement>('[data-announcer="page"]');
  if (!region) return;
  // Emptied first, so the same words said twice (two tasks of the same name) are heard twice.
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
  }, 100);
}

export function Announcer({ scope }: { scope: 'page' | 'dialog' }) {
  return <p data-announcer={scope} role="status" aria-live="polite" aria-atomic="true" className="sr-only" />;
}
