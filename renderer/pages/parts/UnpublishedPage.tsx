import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AntdTheme } from '../../app/AntdTheme';
import type { PageKey } from '../../app/routeTable';
import { PageHeading } from './PageHeading';

/** A page whose content is not part of this version yet: its real title and an honest notice. */
export function UnpublishedPage({ page }: { page: PageKey }) {
  const { t } = useTranslation('pages');
  return (
    <AntdTheme>
      <article className="page">
        <PageHeading page={page} />
        <div className="notice-panel" role="note">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <span className="notice-panel__message">{t('state.notPublished')}</span>
                <span className="notice-panel__hint">{t('state.notPublishedHint')}</span>
              </>
            }
          >
            <Link to="/sitemap.xml" className="text-link">
              {t('sitemap.title')}
            </Link>
          </Empty>
        </div>
      </article>
    </AntdTheme>
  );
}
