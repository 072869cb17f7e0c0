// Where focus goes when what had it is gone and nothing else is named: the page's main heading
// (made focusable from script only), so a keyboard or screen-reader user starts at the top of the
// page they are on rather than at <body>.
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  // Where the page is scrolled is the router's (a Back returns to where the page was left).
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}
