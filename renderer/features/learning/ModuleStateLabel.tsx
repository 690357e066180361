import { useTranslation } from 'react-i18next';
import { BadgeMedal } from './BadgeMedal';
import type { ModuleState } from './moduleState';

/** Where the learner is in a module: not started, n of N steps, or completed with its badge. */
export function ModuleStateLabel({ state }: { state: ModuleState }) {
  const { t } = useTranslation('learning');
  switch (state.kind) {
    case 'notStarted':
      return <span className="module-state">{t('state.notStarted')}</span>;
    case 'inProgress':
      return (
        <span className="module-state module-state--in-progress">
          {t('state.inProgress', { count: state.done, total: state.total })}
        </span>
      );
    case 'completed':
      return (
        <span className="module-state module-state--completed">
          {state.badge && <BadgeMedal tier={state.badge} />}
          {state.badge
            ? t('state.completedWithBadge', { badge: t(`badge.${state.badge}`) })
            : t('state.completed')}
        </span>
      );
  }
}
