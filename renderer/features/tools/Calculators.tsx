import { useTranslation } from 'react-i18next';
import { CalculatorSwitcher } from './CalculatorSwitcher';
import { DcaCalculator } from './DcaCalculator';
import { RoiCalculator } from './RoiCalculator';
import { StakingCalculator } from './StakingCalculator';
import { useCalculatorUrl } from './useCalculatorUrl';

const CALCULATOR_COMPONENTS = {
  roi: RoiCalculator,
  dca: DcaCalculator,
  staking: StakingCalculator,
} as const;

/** The switcher and the calculator the URL names (`?calc=`), ROI when it names none. */
export function Calculators() {
  const { t } = useTranslation('tools');
  const [{ calculator }] = useCalculatorUrl();
  const Calculator = CALCULATOR_COMPONENTS[calculator];
  return (
    <>
      <CalculatorSwitcher current={calculator} />
      <p className="tools-simulation">{t('simulation')}</p>
      <Calculator />
    </>
  );
}
