import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { neighboursOf } from './neighbours';
import type { ModuleSummary } from './types';

/** Links to the modules before and after this one, in the learning page's order. */
export function ModuleNeighbours({ modules, slug }: { modules: ModuleSummary[]; slug: string }) {
  const { t } = useTranslation('learning');
  const { previous, next } = neighboursOf(modules, slug);
  if (!previous && !next) return null;
  return (
    <nav className="module-neighbours" aria-label={t('module.otherModules')}>
      {previous && (
        <Link to={`/learning/${previous.slug}`} className="module-neighbours__link" rel="prev">
          <span className="module-neighbours__label">
            <span aria-hidden="true">← </span>
            {t('module.previousModule')}
          </span>
          <span className="module-neighbours__title">{previous.title}</span>
        </Link>
      )}
      {next && (
        <Link
          to={`/learning/${next.slug}`}
          className="module-neighbours__link module-neighbours__link--next"
          rel="next"
        >
          <span className="module-neighbours__label">
            {t('module.nextModule')}
            <span aria-hidden="true"> →</span>
          </span>
          <span className="module-neighbours__title">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
