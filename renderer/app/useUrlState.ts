import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A page's state kept in the URL's query string, so that it can be bookmarked and the back
 * button undoes a choice. Changing only `typedKey` (what the reader types) replaces the history
 * entry instead of adding one per keystroke.
 *
 * Each change starts from the address bar as it is now, not from the last render: two quick
 * changes (a sort, then its direction) while the router is still rendering the first would
 * otherwise lose the first.
 */
export function useUrlState<State extends object>(
  read: (params: URLSearchParams) => State,
  write: (state: State) => URLSearchParams,
  typedKey: keyof State,
): [State, (change: Partial<State>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: Partial<State>) => {
      const now = read(new URLSearchParams(window.location.search));
      setParams(write({ ...now, ...change }), {
        replace: Object.keys(change).every((key) => key === typedKey),
        preventScrollReset: true,
      });
    },
    [read, write, typedKey, setParams],
  );
  // One object per URL, so that memoised parts of the page skip renders that change nothing.
  const state = useMemo(() => read(params), [read, params]);
  return [state, update];
}
