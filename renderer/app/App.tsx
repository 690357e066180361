import { useState } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import type { createStore } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { useFavoritesMerge } from '../features/favorites/useFavoritesMerge';
import { useSessionSync } from '../session/useSessionSync';
import { createAppRouter } from './router';
import { useDocumentPreferences } from './useDocumentPreferences';

function AppEffects() {
  useSessionSync();
  useFavoritesMerge();
  useDocumentPreferences();
  return null;
}

export function App({ store }: { store: ReturnType<typeof createStore> }) {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <AppEffects />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
