// The notifications settings, loaded when Manage Account shows them (kept out of the main bundle).
import { lazy, Suspense } from 'react';

const NotificationsCard = lazy(() => import('./NotificationsCard'));

export function NotificationsSection() {
  return (
    <Suspense fallback={null}>
      <NotificationsCard />
    </Suspense>
  );
}
