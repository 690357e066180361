import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** What the account is: its address, since when, its role and its favorites. */
export function AccountFacts({
  email,
  createdAt,
  isAdmin,
  favoriteCount,
}: {
  email: string;
  createdAt: string;
  isAdmin: boolean;
  favoriteCount: number;
}) {
  const { t, i18n } = useTranslation('profile');
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(createdAt),
  );
  return (
    <section className="profile-section" aria-labelledby="profile-facts-title">
      <h2 id="profile-facts-title" className="profile-section__title">
        {t('facts.title')}
      </h2>
      <dl className="profile-facts">
        <div>
          <dt>{t('facts.email')}</dt>
          <dd className="profile-facts__email">{email}</dd>
        </div>
        <div>
          <dt>{t('facts.memberSince')}</dt>
          <dd>{since}</dd>
        </div>
        <div>
          <dt>{t('facts.role')}</dt>
          <dd>{isAdmin ? t('facts.roleAdmin') : t('facts.roleUser')}</dd>
        </div>
        <div>
          <dt>{t('facts.favorites')}</dt>
          <dd>
            <Link to="/favorites" className="text-link">
              {t('facts.favoritesLink', { count: favoriteCount })}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
