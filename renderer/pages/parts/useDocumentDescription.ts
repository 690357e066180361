import { useEffect } from 'react';

/**
 * Sets the page's meta description (what search results and link previews show) while the page
 * is on screen, and puts the site's own back when it leaves.
 */
export function useDocumentDescription(description: string | undefined): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !description) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
