import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long typing pauses before the address bar catches up. */
const URL_DELAY_MS = 400;

export interface SearchQuery {
  /** What the list shows: the typed text, applied in a transition. */
  query: string;
  /** Changes when the text was set from outside the box (back button, "clear"). */
  revision: number;
  /** For the search box: each keystroke. */
  type: (text: string) => void;
  /** Sets the text from elsewhere on the page, at once and in the URL. */
  reset: (text: string) => void;
  /** A change of the page's other URL state, carrying a text not yet in the URL with it. */
  withPendingQuery: <Change extends { query?: string }>(change: Change) => Change;
  /** Puts a text not yet in the URL there now (when the box loses focus). */
  flush: () => void;
}

/**
 * A search text that is also kept in the URL, without making a keystroke wait for the router
 * or for the list it filters: the list follows in a transition, the URL once typing pauses.
 * A navigation the box did not make (back, forward, a link to the plain list) brings the URL's
 * text back, and drops a text still waiting to be written.
 */
export function useSearchQuery(urlQuery: string, writeUrl: (query: string) => void): SearchQuery {
  const [query, setQuery] = useState(urlQuery);
  const [revision, setRevision] = useState(0);
  // The text the URL holds as far as this box knows: what it found there or last put there.
  const [written, setWritten] = useState(urlQuery);
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    if (urlQuery !== written) {
      setWritten(urlQuery);
      setQuery(urlQuery);
      setRevision((current) => current + 1);
    }
  }

  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const write = useRef(writeUrl);
  useEffect(() => {
    write.current = writeUrl;
  });
  const writeNow = useCallback((text: string) => {
    setWritten(text);
    write.current(text);
  }, []);
  const takePending = useCallback(() => {
    clearTimeout(timer.current);
    const text = pending.current;
    pending.current = null;
    return text;
  }, []);
  const flush = useCallback(() => {
    const text = takePending();
    if (text !== null) writeNow(text);
  }, [takePending, writeNow]);
  // A text still waiting when the URL changed under the box is dropped: the URL wins.
  useEffect(() => {
    if (revision > 0) takePending();
  }, [revision, takePending]);
  // A text still waiting when the page goes is dropped with it.
  useEffect(
    () => () => {
      takePending();
    },
    [takePending],
  );

  const type = useCallback(
    (text: string) => {
      startTransition(() => {
        setQuery(text);
      });
      pending.current = text;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, URL_DELAY_MS);
    },
    [flush],
  );
  const reset = useCallback(
    (text: string) => {
      takePending();
      setQuery(text);
      setRevision((current) => current + 1);
      writeNow(text);
    },
    [takePending, writeNow],
  );
  const withPendingQuery = useCallback(
    <Change extends { query?: string }>(change: Change): Change => {
      const text = takePending();
      if (text === null || 'query' in change) return change;
      setWritten(text);
      return { ...change, query: text };
    },
    [takePending],
  );
  return { query, revision, type, reset, withPendingQuery, flush };
}
