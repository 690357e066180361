import { useTranslation } from 'react-i18next';
import type {
  DurationUnit,
  InputErrorCode,
  NumberLimits,
} from '../../../shared/calculators/parseNumberInput';
import { formatDuration, formatNumber, formatPercentLimit, formatUsdLimit } from './format';
import { useReaderLanguage } from './useReaderLanguage';

/** What a field measures, which decides how its limits read: "1 000 000 000 000 $", "100 ans". */
export type Measure = 'usd' | 'amount' | 'percent' | DurationUnit;

/** A number of the reader's language, to show how to type one. */
const EXAMPLE_NUMBER = 1234.56;

/**
 * The sentence shown under a field for its error code, naming the limit it broke in the
 * reader's notation; null when the field is fine.
 */
export function useFieldError(): (
  error: InputErrorCode | undefined,
  measure: Measure,
  limits: NumberLimits,
) => string | null {
  const { t } = useTranslation('tools');
  const language = useReaderLanguage();
  const formatLimit = (value: number, measure: Measure): string => {
    switch (measure) {
      case 'usd':
        return formatUsdLimit(value, language);
      case 'amount':
        return formatNumber(value, language);
      case 'percent':
        return formatPercentLimit(value, language);
      default:
        return formatDuration(value, measure, language);
    }
  };
  return (error, measure, limits) => {
    switch (error) {
      case undefined:
        return null;
      case 'notANumber':
        return t('errors.notANumber', { example: formatNumber(EXAMPLE_NUMBER, language) });
      case 'tooSmall':
        return limits.minInclusive
          ? t('errors.tooSmall', { min: formatLimit(limits.min, measure) })
          : t('errors.tooSmallStrict', { min: formatLimit(limits.min, measure) });
      case 'tooLarge':
        return t('errors.tooLarge', { max: formatLimit(limits.max, measure) });
      default:
        return t(`errors.${error}`);
    }
  };
}
