// A page whose code fails to load, or fails while it renders, shows what to do instead of a blank
// screen. After a deploy, a tab open for longer than the old version's files are kept asks for a
// chunk that is gone (docs/decisions/2026-11-28-safe-deploys.md): a reload brings the new version.
import { Component, type ReactNode } from 'react';
import { Button } from './Button';
import { PublicLayout } from './PublicLayout';

export const LOAD_ERROR_COPY = {
  updatedTitle: 'LockIn was updated',
  updatedText: 'This page needs the new version. Reload to continue; nothing you saved is lost.',
  failedTitle: 'This page could not be shown',
  failedText: 'Something went wrong while showing it. Reload to try again; nothing you saved is lost.',
  reload: 'Reload',
} as const;

/** The messages browsers give a dynamic import that could not load (Chromium, Safari, Firefox). */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

interface State {
  error: unknown;
}

export class LoadErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const updated = isChunkLoadError(this.state.error);
    return (
      <PublicLayout mainClassName="mx-auto flex w-full max-w-md flex-col items-center justify-center px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {updated ? LOAD_ERROR_COPY.updatedTitle : LOAD_ERROR_COPY.failedTitle}
        </h1>
        <p className="mt-2 muted">{updated ? LOAD_ERROR_COPY.updatedText : LOAD_ERROR_COPY.failedText}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {LOAD_ERROR_COPY.reload}
        </Button>
      </PublicLayout>
    );
  }
}
