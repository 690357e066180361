import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../app/routeTable';
import { PageHeading } from './parts/PageHeading';

/** Every public page without a parameter, by its translated title. */
export default function SitemapPage() {
  const { t } = useTranslation('pages');
  const publicRoutes = ROUTES.filter(
    (route) => route.access === 'public' && !route.path.includes(':'),
  );
  return (
    <article className="page">
      <PageHeading page="sitemap" />
      <ul className="sitemap-list">
        {publicRoutes.map((route) => (
          <li key={route.path}>
            <Link to={route.path}>{t(`${route.page}.title`)}</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
