import { useTranslation } from 'react-i18next';
import { DURATION_UNITS, type DurationUnit } from '../../../shared/calculators/parseNumberInput';

/** The duration units as a select lists them, in the reader's language. */
export function useDurationChoices(): { value: DurationUnit; label: string }[] {
  const { t } = useTranslation('tools');
  return DURATION_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }));
}

/** The unit a field holds; the URL and the select only ever hold a known one. */
export function durationUnitOf(text: string): DurationUnit {
  return DURATION_UNITS.find((unit) => unit === text) ?? 'years';
}
