import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadedData } from '../../pages/parts/LoadedData';
import type { Draft } from './api';
import { useDraftLabel } from './draftLabel';
import { useDrafts } from './hooks';

/** Where a published draft can be read: the term's page or the sheet. */
function publicPath(draft: Draft): string | null {
  if (draft.kind === 'tokenSection')
    return draft.tokenId === null ? null : `/tokens/${draft.tokenId}`;
  const slug = (draft.payload as { slug?: unknown } | null)?.slug;
  return typeof slug === 'string' ? `/dictionary/${slug}` : null;
}

/** The latest drafts, newest first, with their status; a draft opens in the review form. */
export function DraftList({
  openId,
  onOpen,
}: {
  openId: string | null;
  onOpen: (draft: Draft) => void;
}) {
  const { t, i18n } = useTranslation('adminGenerator');
  const id = useId();
  const drafts = useDrafts();
  const label = useDraftLabel();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section__title">
        {t('drafts.title')}
      </h2>
      <LoadedData query={drafts}>
        {(list) =>
          list.length === 0 ? (
            <p className="generator-drafts__empty">{t('drafts.empty')}</p>
          ) : (
            <ul className="generator-drafts">
              {list.map((draft) => {
                const path = draft.status === 'published' ? publicPath(draft) : null;
                return (
                  <li key={draft.id} className="generator-drafts__item">
                    <div className="generator-drafts__what">
                      <p className="generator-drafts__label">
                        <span className={`generator-status generator-status--${draft.status}`}>
                          {t(`statuses.${draft.status}`)}
                        </span>{' '}
                        {label(draft)}
                      </p>
                      <p className="generator-drafts__meta">
                        {t(`kinds.${draft.kind}`)} ·{' '}
                        {draft.topic === ''
                          ? t('drafts.noTopic')
                          : t('drafts.topic', { topic: draft.topic })}{' '}
                        ·{' '}
                        <time dateTime={draft.createdAt}>
                          {when.format(new Date(draft.createdAt))}
                        </time>
                      </p>
                    </div>
                    {draft.status === 'draft' && (
                      <button
                        type="button"
                        className="button-link"
                        aria-pressed={openId === draft.id}
                        onClick={() => {
                          onOpen(draft);
                        }}
                      >
                        {t('drafts.review')}
                        <span className="visually-hidden">: {label(draft)}</span>
                      </button>
                    )}
                    {path !== null && (
                      <Link className="button-link" to={path}>
                        {t('drafts.openPage')}
                        <span className="visually-hidden">: {label(draft)}</span>
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          )
        }
      </LoadedData>
    </section>
  );
}
