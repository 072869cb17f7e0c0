// Site blocking's screens, each loaded when it shows (kept out of the main bundle): the card in
// Manage Account and the Lock-In setup's line.
import { lazy, Suspense } from 'react';

const BlockedSitesCard = lazy(() => import('./BlockedSitesCard'));
const SessionBlockingNoteLazy = lazy(() =>
  import('./SessionBlockingNote').then((m) => ({ default: m.SessionBlockingNote })),
);

export function BlockedSitesSection() {
  return (
    <Suspense fallback={null}>
      <BlockedSitesCard />
    </Suspense>
  );
}

/** The Lock-In setup's line about site blocking (loaded with the setup, not with the first page). */
export function SessionBlockingNote() {
  return (
    <Suspense fallback={null}>
      <SessionBlockingNoteLazy />
    </Suspense>
  );
}

export { tellExtensionToCheck } from './extension-bridge';
