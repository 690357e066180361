import { useSyncExternalStore } from 'react';
import { offlineWithWorker } from './offlineCopies';

function subscribe(onChange: () => void): () => void {
  // Missing in the desktop app and outside secure contexts, whatever the DOM types say.
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  workers?.addEventListener('controllerchange', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    workers?.removeEventListener('controllerchange', onChange);
  };
}

/** Whether the page now reads the offline worker's copies (offlineCopies.ts), kept up to date. */
export function useOfflineWithWorker(): boolean {
  return useSyncExternalStore(subscribe, offlineWithWorker);
}
