import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PageKey } from '../../app/routeTable';
import { NoticePanel } from './NoticePanel';
import { PageHeading } from './PageHeading';

/** A page whose content is not part of this version yet: its real title and an honest notice. */
export function UnpublishedPage({ page }: { page: PageKey }) {
  const { t } = useTranslation('pages');
  return (
    <article className="page">
      <PageHeading page={page} />
      <NoticePanel message={t('state.notPublished')} hint={t('state.notPublishedHint')}>
        <Link to="/sitemap.xml" className="text-link">
          {t('sitemap.title')}
        </Link>
      </NoticePanel>
    </article>
  );
}
