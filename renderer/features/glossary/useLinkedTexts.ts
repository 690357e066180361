import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { termTitles } from 'virtual:term-titles';
import { linkTerms, type TextSegment } from './linkTerms';

/**
 * The texts of one card or section, with the first mention of each dictionary term linked.
 * `language` is the texts' language when it is not the page's (the admin's preview).
 */
export function useLinkedTexts(texts: readonly string[], language?: string): TextSegment[][] {
  const { i18n } = useTranslation();
  const titles = termTitles[language ?? i18n.language] ?? [];
  const key = texts.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the texts' content
  return useMemo(() => linkTerms(texts, titles), [key, titles]);
}
