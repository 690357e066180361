import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';
import { platformAtom } from '../platform/platformAtom';

/** Where the build writes the service worker (vite.config.ts, vite-plugin-pwa). */
export const SERVICE_WORKER_URL = '/serviceWorker.js';

export interface AppUpdate {
  /** A newer build is installed, or took over from another tab, and waits for a reload. */
  waiting: boolean;
  /** Hands over to the new build if it still waits, and reloads the page into it. */
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
  const accepted = useRef(false);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    // No worker in development (Vite serves modules, not the build) or outside a secure
    // context, where `serviceWorker` is missing whatever the DOM types say.
    if (!import.meta.env.PROD || kind !== 'web' || !('serviceWorker' in navigator)) return;
    let active = true;
    const worker = new Workbox(SERVICE_WORKER_URL);
    worker.addEventListener('waiting', () => {
      if (active) setWaiting(true);
    });
    // The new build took over: reload if this page asked for it; if another tab did, this page
    // still runs the old code, so it offers the reload too.
    worker.addEventListener('controlling', (event) => {
      if (accepted.current) window.location.reload();
      else if (active && event.isUpdate === true) setWaiting(true);
    });
    workbox.current = worker;
    void worker
      .register()
      .then(() => worker.update())
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [kind]);

  const accept = useCallback(() => {
    accepted.current = true;
    void navigator.serviceWorker.getRegistration().then((registration) => {
      // Another tab may already have handed over: then a reload is all that is left.
      if (registration?.waiting && workbox.current) workbox.current.messageSkipWaiting();
      else window.location.reload();
    });
  }, []);
  const dismiss = useCallback(() => {
    setWaiting(false);
  }, []);
  return { waiting, accept, dismiss };
}
