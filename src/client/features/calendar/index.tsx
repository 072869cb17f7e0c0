// The calendar feed settings, loaded when Manage Account shows them (kept out of the main bundle).
import { lazy, Suspense } from 'react';

const CalendarFeedCard = lazy(() => import('./CalendarFeedCard'));

export function CalendarFeedSection() {
  return (
    <Suspense fallback={null}>
      <CalendarFeedCard />
    </Suspense>
  );
}
