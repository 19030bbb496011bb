import { lazy, Suspense } from 'react';

/**
 * The /admin route's entry: nothing but a pointer to the back office. The lobby's first download
 * carries the list of files each lazy route needs; this keeps the back office's long list out of
 * it (bench/bundle-size.mjs), at the cost of one more request for operators.
 */
const AdminApp = lazy(() => import('./admin-app'));

export function Component() {
  return (
    <Suspense fallback={<p className="p-6 text-sm text-ink-muted">Loading the back office…</p>}>
      <AdminApp />
    </Suspense>
  );
}
