import { Spinner } from './Button';
import { MAIN_ID } from './SkipLink';

export function PageLoading() {
  return (
    <main id={MAIN_ID} className="flex min-h-screen items-center justify-center text-brand-600">
      <Spinner label="Loading" />
    </main>
  );
}
