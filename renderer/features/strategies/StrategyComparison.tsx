import { useTranslation } from 'react-i18next';
import { RiskLevelIcon } from './RiskLevelIcon';
import { STRATEGIES } from './strategyCatalog';

/**
 * The strategies side by side (risk, time horizon, effort, skills), each row leading to the
 * strategy's details below. Scrolls sideways in its own box on a phone.
 */
export function StrategyComparison({ titleId }: { titleId: string }) {
  const { t } = useTranslation(['strategies', 'pages']);
  const column = (key: 'strategy' | 'risk' | 'horizon' | 'effort' | 'skills') =>
    t(`pages:strategies.compare.${key}`);
  return (
    <div className="compare-table-wrap" role="region" aria-labelledby={titleId} tabIndex={0}>
      <table className="compare-table" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{column('strategy')}</th>
            <th scope="col">{column('risk')}</th>
            <th scope="col">{column('horizon')}</th>
            <th scope="col">{column('effort')}</th>
            <th scope="col">{column('skills')}</th>
          </tr>
        </thead>
        <tbody>
          {STRATEGIES.map(({ key, risk, horizon, effort, skills }) => (
            <tr key={key}>
              <th scope="row">
                <a href={`#${key}`}>{t(`items.${key}.name`)}</a>
              </th>
              <td>
                <span className={`risk-tag risk-tag--${risk}`}>
                  <RiskLevelIcon level={risk} />
                  {t(`pages:strategies.compare.level.${risk}`)}
                </span>
              </td>
              <td>{t(`pages:strategies.compare.horizons.${horizon}`)}</td>
              <td>{t(`pages:strategies.compare.level.${effort}`)}</td>
              <td>{t(`pages:strategies.compare.skillLevel.${skills}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
