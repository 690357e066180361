import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ModeSwitcher } from '../../pages/parts/ModeSwitcher';
import { CALCULATORS, type CalculatorKey } from './calculatorUrl';

/**
 * One link per calculator. The current one links to the address as it is, so following it
 * again keeps what was typed.
 */
export function CalculatorSwitcher({ current }: { current: CalculatorKey }) {
  const { t } = useTranslation('tools');
  const { search } = useLocation();
  return (
    <ModeSwitcher
      label={t('switcher.label')}
      current={current}
      modes={CALCULATORS.map((calculator) => ({
        key: calculator,
        label: t(`switcher.${calculator}`),
        to: { search: calculator === current ? search : `?calc=${calculator}` },
      }))}
    />
  );
}
