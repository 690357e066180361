import { useTranslation } from 'react-i18next';
import type { Dashboard } from './api';

const FIGURES = [
  'users',
  'new_users_7d',
  'unread_messages',
  'terms',
  'sheets',
  'modules',
  'badges_awarded',
] as const;

/** The project's key figures, each a term and its number. */
export function DashboardCounts({ counts }: { counts: Dashboard['counts'] }) {
  const { t, i18n } = useTranslation('admin');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="admin-section" aria-labelledby="dashboard-counts">
      <h2 id="dashboard-counts" className="admin-section__title">
        {t('dashboard.counts.title')}
      </h2>
      <dl className="admin-figures">
        {FIGURES.map((figure) => (
          <div key={figure} className="admin-figures__item">
            <dt>{t(`dashboard.counts.${figure}`)}</dt>
            <dd>{number.format(counts[figure])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
