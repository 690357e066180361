import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalculatorReport, ReportSection } from '../pdf/report';
import { formatLongDate } from './format';
import { useReaderLanguage } from './useReaderLanguage';

/**
 * What every calculator's report shares around its own sections: the site's name, the date, the
 * page's language, the not-financial-advice notice and the page numbers, in the reader's
 * language.
 */
export function useReportFrame(): (
  title: string,
  sections: readonly ReportSection[],
) => CalculatorReport {
  const { t } = useTranslation(['tools', 'common']);
  const language = useReaderLanguage();
  return useCallback(
    (title, sections) => ({
      language,
      siteName: t('common:brand.name'),
      title,
      generatedOn: t('pdf.generatedOn', { date: formatLongDate(new Date(), language) }),
      languageLine: t('pdf.languageLine'),
      sections,
      notice: `${t('common:notAdvice.title')} ${t('common:notAdvice.text')}`,
      pageLabel: (page, total) => t('pdf.page', { page, total }),
    }),
    [t, language],
  );
}
