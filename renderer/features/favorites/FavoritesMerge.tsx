import QueryCache from '../../app/QueryCache';
import { useFavoritesMerge } from './useFavoritesMerge';

function Merge() {
  useFavoritesMerge();
  return null;
}

/** The merge at sign-in, with the query cache it refreshes (lazy: see FavoritesMergeWhenNeeded). */
export default function FavoritesMerge() {
  return (
    <QueryCache>
      <Merge />
    </QueryCache>
  );
}
