import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { Language } from '../../i18n/languages';
import { CategoryIcon } from './CategoryIcon';
import { initialOf, titleOf, type TermMatch } from './filterTerms';

const ALPHABET = [
  ...Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index)),
  '#',
];

const letterId = (letter: string) => `letter-${letter === '#' ? 'other' : letter.toLowerCase()}`;

/** The matching terms under their initials, with an A–Z jump list on top. */
export function TermList({ matches, language }: { matches: TermMatch[]; language: Language }) {
  const { t } = useTranslation('dictionary');
  const { search } = useLocation();
  const groups = new Map<string, TermMatch[]>();
  for (const match of matches) {
    const letter = initialOf(titleOf(match.term, language));
    groups.set(letter, [...(groups.get(letter) ?? []), match]);
  }
  const letters = ALPHABET.filter((letter) => groups.has(letter));
  return (
    <>
      <nav className="alphabet" aria-label={t('alphabetLabel')}>
        <ul className="alphabet__list">
          {ALPHABET.map((letter) => (
            <li key={letter}>
              {groups.has(letter) ? (
                <a className="alphabet__letter" href={`#${letterId(letter)}`}>
                  {letter}
                </a>
              ) : (
                <span className="alphabet__letter alphabet__letter--empty" aria-hidden="true">
                  {letter}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {letters.map((letter) => (
        <section
          key={letter}
          id={letterId(letter)}
          className="term-group"
          aria-labelledby={`${letterId(letter)}-title`}
        >
          {/* Seen as the letter alone, heard as "Letter A": a heading between the page's title
              and the terms' own, so that the outline of headings skips no level. */}
          <h2 id={`${letterId(letter)}-title`} className="term-group__letter">
            <span aria-hidden="true">{letter}</span>
            <span className="visually-hidden">{t('letterHeading', { letter })}</span>
          </h2>
          <ul className="term-list">
            {(groups.get(letter) ?? []).map(({ term, matchedTitle }) => (
              <li key={term.slug} className="term-card">
                <h3 className="term-card__title">
                  {/* The list's filters travel with the link, for the term page's back link. */}
                  <Link to={`/dictionary/${term.slug}`} state={{ listSearch: search }}>
                    {titleOf(term, language)}
                  </Link>
                </h3>
                <span className="category-tag">
                  <CategoryIcon category={term.category} />
                  {t(`category.${term.category}`)}
                </span>
                {matchedTitle && (
                  <p className="term-card__match">
                    {t('otherLanguageMatch', {
                      language: t(`languageName.${matchedTitle.language}`).toLocaleLowerCase(
                        language,
                      ),
                      title: matchedTitle.title,
                    })}
                  </p>
                )}
                <p className="term-card__definition">{term.definitions[language]}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
