// The header every screen opens with, rendered from the app's own component into the built shell's
// root: the browser paints it (the first contentful paint) as soon as the HTML and CSS are in,
// before any script has run, and React replaces it with the same header, logo in the same place.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteHeader } from '../src/client/ui/SiteHeader';

export function shellHeaderMarkup(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>,
  );
}
