import { useState } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import type { createStore } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { useMailLanguageSync } from '../features/account/useMailLanguageSync';
import { FavoritesMergeWhenNeeded } from '../features/favorites/FavoritesMergeWhenNeeded';
import { useSessionSync } from '../session/useSessionSync';
import { createAppRouter } from './router';
import { useDocumentPreferences } from './useDocumentPreferences';

function AppEffects() {
  useSessionSync();
  useDocumentPreferences();
  useMailLanguageSync();
  return <FavoritesMergeWhenNeeded />;
}

export function App({ store }: { store: ReturnType<typeof createStore> }) {
  const [router] = useState(createAppRouter);
  return (
    <JotaiProvider store={store}>
      <AppEffects />
      <RouterProvider router={router} />
    </JotaiProvider>
  );
}
