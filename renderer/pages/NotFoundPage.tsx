import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Illustration } from '../layout/Illustration';
import { NOT_FOUND_SUGGESTIONS } from '../layout/navigation';
import { NavigationIcon } from '../layout/navigationIcons';
import { useDocumentDescription } from './parts/useDocumentDescription';
import { useDocumentTitle } from './parts/useDocumentTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  useDocumentDescription(t('notFound.text'));
  return (
    <article className="page not-found">
      <Illustration name="lost" className="not-found__art" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-heading__title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/" className="button-link button-link--primary">
          {t('notFound.home')}
        </Link>
      </p>
      <nav aria-labelledby="not-found-suggestions">
        <h2 id="not-found-suggestions" className="not-found__suggestions-title">
          {t('notFound.suggestions')}
        </h2>
        <ul className="not-found__suggestions">
          {NOT_FOUND_SUGGESTIONS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>
                <NavigationIcon to={link.to} className="not-found__icon" />
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
