/** The cache of reads the offline worker keeps (renderer/offline/serviceWorker.ts). */
export const READS_CACHE = 'blockademia-reads';

/**
 * Whether the device is offline and this page is served by the offline worker, so that a read
 * that failed will not do better on a retry, and a page never read cannot be shown. Without the
 * worker (the desktop app, a local stack on a machine without internet) the browser's belief
 * that it is offline says nothing about the backend, which may well answer.
 */
export function offlineWithWorker(): boolean {
  return (
    !navigator.onLine && 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null
  );
}

/** Forgets the copies kept for a person (at sign-out and account deletion). */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(READS_CACHE).catch(() => false);
}
