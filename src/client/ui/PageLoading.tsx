import { Spinner } from './Button';

export function PageLoading() {
  return (
    <main className="flex min-h-screen items-center justify-center text-brand-600">
      <Spinner label="Loading" />
    </main>
  );
}
