import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '../../session/sessionAtoms';
import { localFavoritesAtom } from './favoritesAtoms';

const FavoritesMerge = lazy(() => import('./FavoritesMerge'));

/** Loads the merge of the device's favorites only for someone signed in who has some. */
export function FavoritesMergeWhenNeeded() {
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const hasLocal = useAtomValue(localFavoritesAtom).length > 0;
  if (!signedIn || !hasLocal) return null;
  return (
    <Suspense fallback={null}>
      <FavoritesMerge />
    </Suspense>
  );
}
