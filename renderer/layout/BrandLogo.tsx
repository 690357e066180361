import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The Blockademia mark: three linked blocks. Inline so it needs no request and takes the theme. */
export function BrandLogo({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="brand-logo"
    >
      <rect x="2" y="2" width="28" height="28" rx="8" fill="var(--brand)" />
      <path d="M10 11h6v6h-6zM16 17h6v6h-6z" fill="#fff" />
      <path d="M16 14h3v3" stroke="#fff" strokeWidth="1.6" fill="none" />
    </svg>
  );
}

/** The logo and name, linking home; in the header and the footer. */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="brand" aria-label={t('brand.home')}>
      <BrandLogo />
      <span className="brand__name">{t('brand.name')}</span>
    </Link>
  );
}
