import { createElement, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGES, type Language } from '../../../shared/catalog';
import { LinkedText } from '../glossary/LinkedText';
import { useLinkedTexts } from '../glossary/useLinkedTexts';
import type { TermDetail } from './api';
import { CategoryIcon } from './CategoryIcon';
import { unlinkSelf } from './unlinkSelf';

type Level = 1 | 2 | 3 | 4 | 5;

/** An `h1`…`h6` of the given level. */
function Heading({
  level,
  id,
  className,
  children,
}: {
  level: number;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return createElement(`h${String(Math.min(level, 6))}`, { id, className }, children);
}

/**
 * A term as its dictionary page shows it, in `language`: title, category, definition, body,
 * example, related terms and its titles in the other languages. The public page shows it with
 * its title as the page's h1; the admin's preview one level down, for a term not saved yet.
 */
export function TermArticle({
  term,
  language,
  relatedTitle,
  listSearch = '',
  level = 1,
}: {
  term: TermDetail;
  language: Language;
  /** The title of a related term in `language` (its slug when unknown). */
  relatedTitle: (slug: string) => string;
  /** The list's query string, handed on so that "back" from a related term keeps the filters. */
  listSearch?: string;
  /** The level of the title's heading; the sections' headings are one level below. */
  level?: Level;
}) {
  const { t } = useTranslation('dictionary', { lng: language });
  const id = useId();
  const text = term.texts[language] ?? term.texts.fr;
  const [definition = [], body = [], example = []] = useLinkedTexts(
    [text?.definition ?? '', text?.body ?? '', text?.example ?? ''],
    language,
  ).map((segments) => unlinkSelf(segments, term.slug));
  const related = term.relatedSlugs.map((slug) => ({ slug, title: relatedTitle(slug) }));
  return (
    <>
      <header className="page-heading">
        <Heading level={level} className="page-heading__title">
          {text?.title}
        </Heading>
        <p className="term-page__category">
          <span className="category-tag">
            <CategoryIcon category={term.category} />
            {t('categoryLabel', { name: t(`category.${term.category}`) })}
          </span>
        </p>
        <p className="page-heading__intro">
          <LinkedText segments={definition} />
        </p>
      </header>
      <section className="content-section content-section--panel">
        <p className="term-page__body">
          <LinkedText segments={body} />
        </p>
        {text?.example && (
          <aside className="term-page__example" aria-labelledby={`${id}-example`}>
            <Heading level={level + 1} id={`${id}-example`}>
              {t('example')}
            </Heading>
            <p>
              <LinkedText segments={example} />
            </p>
          </aside>
        )}
      </section>
      {related.length > 0 && (
        <section className="content-section" aria-labelledby={`${id}-related`}>
          <Heading level={level + 1} id={`${id}-related`}>
            {t('related')}
          </Heading>
          <ul className="related-terms">
            {related.map((entry) => (
              <li key={entry.slug}>
                <Link to={`/dictionary/${entry.slug}`} state={{ listSearch }}>
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="content-section" aria-labelledby={`${id}-languages`}>
        <Heading level={level + 1} id={`${id}-languages`}>
          {t('otherLanguages')}
        </Heading>
        <dl className="term-page__languages">
          {LANGUAGES.filter((other) => other !== language).map((other) => (
            <div key={other}>
              <dt>{t(`languageName.${other}`)}</dt>
              <dd lang={other}>{term.texts[other]?.title}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
