import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { counts } from 'virtual:content-counts';
import { Illustration } from '../layout/Illustration';
import { NavigationIcon } from '../layout/navigationIcons';
import { currentUserAtom } from '../session/sessionAtoms';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { useDocumentDescription } from './parts/useDocumentDescription';
import { useDocumentTitle } from './parts/useDocumentTitle';

// The widget's code, supabase-js and the prices come after the first paint: the home page's
// text never waits for them.
const MarketWidget = lazy(() => import('../features/market/MarketWidget'));

function LiveMarket() {
  const { t } = useTranslation(['home', 'common']);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      setPainted(true);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
  const loading = <p className="data-loading">{t('common:data.loading')}</p>;
  return (
    <section className="home-market" aria-labelledby="home-market-title">
      <h2 id="home-market-title">{t('market.title')}</h2>
      <p className="home-market__intro">{t('market.intro')}</p>
      <div className="home-market__body">
        {painted ? (
          <Suspense fallback={loading}>
            <MarketWidget totalTokens={counts.tokens} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
      <NotAdviceNotice />
    </section>
  );
}

const sections = [
  { to: '/dictionary', label: 'nav.dictionary', text: 'sections.dictionary' },
  { to: '/tokens', label: 'nav.tokens', text: 'sections.tokens' },
  { to: '/learning', label: 'nav.learning', text: 'sections.learning' },
  { to: '/risks', label: 'nav.risks', text: 'sections.risks' },
] as const;

export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const signedIn = useAtomValue(currentUserAtom) !== null;
  useDocumentTitle('Blockademia');
  useDocumentDescription(t('common:brand.description'));
  return (
    <article className="page home">
      <section className="home-hero">
        <div className="home-hero__text">
          <h1 className="home-hero__title">{t('hero.title')}</h1>
          <p className="home-hero__subtitle">{t('hero.subtitle')}</p>
          <div className="home-hero__actions">
            <Link to="/learning" className="button-link button-link--primary">
              {t('hero.start')}
            </Link>
            <Link to="/dictionary" className="button-link">
              {t('hero.explore')}
            </Link>
          </div>
        </div>
        <Illustration name="hero" className="home-hero__art" />
      </section>
      <ul className="home-trust" aria-label={t('trust.label')}>
        <li>{t('trust.terms', { count: counts.terms })}</li>
        <li>{t('trust.tokens', { count: counts.tokens })}</li>
        <li>{t('trust.modules', { count: counts.modules })}</li>
        <li>{t('trust.languages')}</li>
        <li>{t('trust.free')}</li>
      </ul>
      <LiveMarket />
      <section className="home-sections" aria-labelledby="home-sections-title">
        <h2 id="home-sections-title">{t('sections.title')}</h2>
        <ul className="card-grid">
          {sections.map((section) => (
            <li key={section.to} className="card">
              <Link to={section.to} className="card__link">
                <NavigationIcon to={section.to} className="card__icon" />
                <h3 className="card__title">{t(section.label, { ns: 'common' })}</h3>
                <p className="card__text">{t(section.text)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="home-steps" aria-labelledby="home-steps-title">
        <h2 id="home-steps-title">{t('steps.title')}</h2>
        <ol className="card-grid home-steps__list">
          {t('steps.items', { returnObjects: true }).map((step, index) => (
            <li key={index} className="card home-steps__item">
              <h3 className="card__title">{step.title}</h3>
              <p className="card__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="cta-panel home-cta" aria-labelledby="home-cta-title">
        <h2 id="home-cta-title">{t('cta.title')}</h2>
        <p>{signedIn ? t('ctaSignedIn.text') : t('cta.text')}</p>
        <div className="home-hero__actions">
          <Link to="/learning" className="button-link button-link--primary">
            {t('cta.learn')}
          </Link>
          {signedIn ? (
            <Link to="/favorites" className="button-link">
              {t('ctaSignedIn.favorites')}
            </Link>
          ) : (
            <Link to="/auth" className="button-link">
              {t('cta.account')}
            </Link>
          )}
        </div>
      </section>
    </article>
  );
}
