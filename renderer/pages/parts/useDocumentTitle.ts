import { useEffect } from 'react';

/** Names the browser tab (and the desktop window) after the page. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Blockademia' ? title : `${title} · Blockademia`;
  }, [title]);
}
