// What a settings card shows before its data is there: a spinner while it loads, and the reason
// with 'Try again' when loading failed.
import { Button, Spinner } from './Button';

export function CardLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm muted">
      <Spinner />
      Loading…
    </p>
  );
}

export function CardLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800 dark:text-red-200">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
