import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandLink } from './BrandLogo';
import { HiddenIcon } from './HiddenIcon';
import { CONTACT_EMAIL, FOOTER_GROUPS } from './navigation';
import { NavigationIcon } from './navigationIcons';

type FooterGroup = (typeof FOOTER_GROUPS)[number];

function GroupLinks({ group }: { group: FooterGroup }) {
  const { t } = useTranslation();
  // The sections of the site carry their icon, as in the drawer; the legal texts have none, so
  // their group stays plain rather than half-iconed.
  const icons = group.key !== 'legal';
  return (
    <ul className="footer-links">
      {group.links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>
            {icons && <NavigationIcon to={link.to} className="footer-links__icon" />}
            {t(link.label)}
          </Link>
        </li>
      ))}
      {group.key === 'legal' && (
        <>
          <li>
            <Link to="/terms">{t('footer.terms')}</Link>
          </li>
          <li>
            <a href={`mailto:${CONTACT_EMAIL}`}>{t('footer.writeUs')}</a>
          </li>
        </>
      )}
    </ul>
  );
}

/**
 * Columns on wide screens; on phones the same groups as accordions (one open at a time, thanks to
 * the shared `name` of the <details> elements) under the brand, each with an antd chevron that
 * turns when it opens (the icons of the header and the drawer) instead of the browser's marker.
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="footer-brand">
          <BrandLink />
          <p className="footer-brand__text">{t('brand.description')}</p>
        </div>

        <div className="footer-columns">
          {FOOTER_GROUPS.map((group) => (
            <section
              key={group.key}
              className="footer-column"
              aria-labelledby={`footer-${group.key}`}
            >
              <h2 id={`footer-${group.key}`} className="footer-column__title">
                {t(group.title)}
              </h2>
              <GroupLinks group={group} />
            </section>
          ))}
        </div>

        <div className="footer-accordion">
          {FOOTER_GROUPS.map((group) => (
            <details key={group.key} name="footer-group" className="footer-accordion__group">
              <summary className="footer-accordion__summary">
                {t(group.title)}
                <HiddenIcon icon={DownOutlined} className="footer-accordion__marker" />
              </summary>
              <GroupLinks group={group} />
            </details>
          ))}
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p>{t('footer.notAdvice')}</p>
      </div>
    </footer>
  );
}
