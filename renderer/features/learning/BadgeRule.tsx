import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeMedal } from './BadgeMedal';
import { BADGE_TIERS } from './types';

/** The badge rule as the server applies it (submit_quiz, complete_step), and its three tiers. */
export function BadgeRule() {
  const { t } = useTranslation('learning');
  const headingId = useId();
  return (
    <section className="content-section learning-badges" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('badges.title')}</h2>
      <p>{t('badges.rule')}</p>
      <ul className="learning-badges__tiers">
        {BADGE_TIERS.map((tier) => (
          <li key={tier}>
            <BadgeMedal tier={tier} />
            {t(`badges.${tier}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
