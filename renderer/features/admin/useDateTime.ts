import { useMemo } from 'react';
import { useReaderLanguage } from '../tools/useReaderLanguage';

/** A date and time written the page language's way, e.g. "27 nov. 2026, 14:05" in French. */
export function useDateTime(): (iso: string) => string {
  const language = useReaderLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}
