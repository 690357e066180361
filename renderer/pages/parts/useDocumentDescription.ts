import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the page's meta description (what search results and link previews show) while the page
 * is on screen, in the reader's language: the page's own sentence, or the site's when it has
 * none. index.html's French one stands only until the app has drawn a page.
 */
export function useDocumentDescription(description: string | null | undefined): void {
  const { t } = useTranslation('common');
  const shown = description?.trim() || t('brand.description');
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = shown;
    return () => {
      meta.content = previous;
    };
  }, [shown]);
}
