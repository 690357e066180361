import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/**
 * Keeps the reader in the right section: the one the URL's hash names once it is on the page
 * (a shared link, a reload, a page whose data arrives late), and the one being read when the
 * language changes and every text above it takes a new height.
 */
export function useSectionInView(ids: readonly string[], active: string | undefined) {
  const { hash } = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shownHash = useRef<string | null>(null);
  const shownLanguage = useRef(language);
  const target = decodeURIComponent(hash.slice(1));
  const present = ids.includes(target);

  useLayoutEffect(() => {
    // Once per hash: the reader scrolls on from there, and a filter that changes the sections
    // (the FAQ's search) must not pull them back.
    if (!present || shownHash.current === hash) return;
    shownHash.current = hash;
    document.getElementById(target)?.scrollIntoView();
  }, [hash, present, target]);

  useLayoutEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    const section = active ?? (present ? target : undefined);
    if (section !== undefined) document.getElementById(section)?.scrollIntoView();
  }, [language, active, present, target]);
}
