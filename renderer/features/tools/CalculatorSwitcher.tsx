import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { CALCULATORS, type CalculatorKey } from './calculatorUrl';

/**
 * One link per calculator: each is its own address, reachable by keyboard, and the back button
 * returns to the previous one. The current one links to the address as it is, so following it
 * again keeps what was typed.
 */
export function CalculatorSwitcher({ current }: { current: CalculatorKey }) {
  const { t } = useTranslation('tools');
  const { search } = useLocation();
  return (
    <nav className="tools-switcher" aria-label={t('switcher.label')}>
      <ul className="tools-switcher__list">
        {CALCULATORS.map((calculator) => {
          const isCurrent = calculator === current;
          return (
            <li key={calculator}>
              <Link
                to={{ search: isCurrent ? search : `?calc=${calculator}` }}
                className="tools-switcher__link"
                aria-current={isCurrent ? 'page' : undefined}
                preventScrollReset
              >
                {t(`switcher.${calculator}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
