import { lazy, Suspense } from 'react';

// Its own chunk: only an admin's frame shows the count.
const UnreadBadge = lazy(() => import('./UnreadBadge'));

/** The unread messages count beside the admin links, fetched once an admin link is drawn. */
export function AdminLinkBadge() {
  return (
    <Suspense fallback={null}>
      <UnreadBadge />
    </Suspense>
  );
}
