import { useMemo } from 'react';
import { useReaderLanguage } from '../tools/useReaderLanguage';

/** Dates and times written the page language's way (Intl), for completions and badges. */
export function useDateFormats() {
  const language = useReaderLanguage();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    const moment = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
    return {
      day: (iso: string) => day.format(new Date(iso)),
      moment: (iso: string) => moment.format(new Date(iso)),
    };
  }, [language]);
}
