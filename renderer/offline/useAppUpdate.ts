import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';
import { platformAtom } from '../platform/platformAtom';

/** Where the build writes the service worker (vite.config.ts, vite-plugin-pwa). */
export const SERVICE_WORKER_URL = '/serviceWorker.js';

export interface AppUpdate {
  /** A newer build is installed and waits for the person's go-ahead. */
  waiting: boolean;
  /** Hands over to the new build and reloads the page once it is in control. */
  accept: () => void;
  dismiss: () => void;
}

/**
 * Registers the offline service worker on the web (the desktop app serves its files itself)
 * and reports when a new build is waiting. At every start the worker is asked to look for a
 * new build, so a returning visitor learns of one at once. It arrives after the page's first
 * paint, in its own chunk (layout/AppLayout.tsx).
 */
export function useAppUpdate(): AppUpdate {
  const { kind } = useAtomValue(platformAtom);
  const workbox = useRef<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    // No worker in development (Vite serves modules, not the build) or outside a secure
    // context, where `serviceWorker` is missing whatever the DOM types say.
    if (!import.meta.env.PROD || kind !== 'web' || !('serviceWorker' in navigator)) return;
    const worker = new Workbox(SERVICE_WORKER_URL);
    worker.addEventListener('waiting', () => {
      setWaiting(true);
    });
    workbox.current = worker;
    void worker
      .register()
      .then(() => worker.update())
      .catch(() => undefined);
  }, [kind]);

  const accept = useCallback(() => {
    const worker = workbox.current;
    if (worker === null) return;
    worker.addEventListener('controlling', () => {
      window.location.reload();
    });
    worker.messageSkipWaiting();
  }, []);
  const dismiss = useCallback(() => {
    setWaiting(false);
  }, []);
  return { waiting, accept, dismiss };
}
