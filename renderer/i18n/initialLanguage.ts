import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

/**
 * The language a visit opens in: `?lang=` when the address names one (each language has its own
 * crawlable URL, the sitemap's), else the visitor's stored choice, else French. The address does
 * not change the stored choice: only the language menu does.
 */
export function initialLanguage(search: string, stored: unknown): Language {
  const fromAddress = new URLSearchParams(search).get('lang');
  if (isLanguage(fromAddress)) return fromAddress;
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
