import '../styles/content.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesQuery } from '../features/search/matchesQuery';
import { LinkedText } from '../features/glossary/LinkedText';
import { useLinkedTexts } from '../features/glossary/useLinkedTexts';
import { LinkedSection } from '../features/outline/LinkedSection';
import { OutlinedLayout } from '../features/outline/OutlinedLayout';
import { CONTACT_EMAIL } from '../layout/navigation';
import { PageHeading } from './parts/PageHeading';
import { SearchField } from './parts/SearchField';

const CATEGORIES = ['platform', 'features', 'content', 'privacy'] as const;

/** An answer, with the dictionary terms it mentions linked. */
function Answer({ text }: { text: string }) {
  const [segments] = useLinkedTexts([text]);
  return (
    <p className="faq-item__answer">
      <LinkedText segments={segments ?? []} />
    </p>
  );
}

// Native <details> and <input type="search">: the accordion opens with Enter or Space, and the
// page needs none of antd's JavaScript.
export default function FaqPage() {
  const { t } = useTranslation(['faq', 'pages', 'common']);
  const [query, setQuery] = useState('');
  const items = t('items', { returnObjects: true, email: CONTACT_EMAIL });

  const groups = CATEGORIES.map((category) => ({
    category,
    entries: Object.entries(items[category]).filter(([, entry]) =>
      matchesQuery(query, [entry.question, entry.answer]),
    ),
  })).filter((group) => group.entries.length > 0);
  const shown = groups.reduce((sum, group) => sum + group.entries.length, 0);

  return (
    <article className="page page--outlined content-page">
      <OutlinedLayout
        label={t('common:outline.label')}
        items={groups.map(({ category }) => ({
          id: `faq-${category}`,
          label: t(`categories.${category}`),
        }))}
        head={
          <>
            <PageHeading page="faq" />
            <SearchField
              label={t('pages:faq.searchLabel')}
              placeholder={t('pages:faq.searchPlaceholder')}
              value={query}
              onChange={setQuery}
              count={t('pages:faq.resultCount', { shown })}
            />
          </>
        }
      >
        {groups.length === 0 ? (
          <p className="notice-panel" role="status">
            {t('common:messages.noResults')}
          </p>
        ) : (
          groups.map(({ category, entries }) => (
            <LinkedSection
              key={category}
              id={`faq-${category}`}
              title={t(`categories.${category}`)}
            >
              <div className="faq-list">
                {entries.map(([key, entry]) => (
                  <details key={key} className="faq-item">
                    <summary className="faq-item__summary">
                      <h3 className="faq-question">{entry.question}</h3>
                    </summary>
                    <Answer text={entry.answer} />
                  </details>
                ))}
              </div>
            </LinkedSection>
          ))
        )}
      </OutlinedLayout>
    </article>
  );
}
