import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Json } from '../../../shared/database.types';
import { ActionStatus } from '../../forms/ActionStatus';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { useTermList } from '../dictionary/hooks';
import type { Draft, PublishedTarget } from './api';
import { useDraftLabel } from './draftLabel';
import { draftErrorKey } from './draftErrorKey';
import {
  sectionFormOf,
  sectionPayloadOf,
  sectionProblems,
  termFormOf,
  termPayloadOf,
  termProblems,
  type SectionForm,
  type TermForm,
} from './draftModel';
import { useTokenChoices } from './hooks';
import { ProblemList } from './ProblemList';
import { SectionDraftFields } from './SectionDraftFields';
import { SECTION_LABEL_KEY } from '../admin/sectionLabelKey';
import { TermDraftFields } from './TermDraftFields';
import { useDraftActions } from './useDraftActions';

type Editing = { kind: 'term'; form: TermForm } | { kind: 'tokenSection'; form: SectionForm };
type Confirming = 'publish' | 'discard' | null;

/** The fields a problem belongs to; the others are listed above the fields. */
const FIELD_PATTERN =
  /^(slug|category|related(\[\d+\])?|translations\.(fr|en|es)\.[a-z_]+(\[\d+\])?)$/;

/**
 * A draft under review: every field editable in the three languages side by side, checked as
 * it is typed with the catalogue's own rules; then saved, published into the catalogue (after a
 * confirmation, and only once nothing is wrong) or discarded.
 */
export function DraftReview({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation(['adminGenerator', 'tokens', 'admin']);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const label = useDraftLabel();
  const terms = useTermList();
  const tokens = useTokenChoices();
  const { save, publish, discard } = useDraftActions(draft.id);
  const [editing, setEditing] = useState<Editing>(() =>
    draft.kind === 'term'
      ? { kind: 'term', form: termFormOf(draft.payload) }
      : { kind: 'tokenSection', form: sectionFormOf(draft.payload) },
  );
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [publishTried, setPublishTried] = useState(false);
  const [published, setPublished] = useState<PublishedTarget | null>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const done = published !== null || discard.isSuccess || draft.status !== 'draft';
  const section = draft.section;
  const token = tokens.data?.find((choice) => choice.id === draft.tokenId);
  const rank = token?.rank ?? null;
  const knownSlugs = useMemo(
    () => new Set((terms.data ?? []).map((term) => term.slug)),
    [terms.data],
  );
  const payload =
    editing.kind === 'term'
      ? termPayloadOf(editing.form)
      : section === null
        ? null
        : sectionPayloadOf(editing.form, section);
  const problems = done
    ? []
    : editing.kind === 'term'
      ? termProblems(termPayloadOf(editing.form), knownSlugs)
      : section === null
        ? []
        : sectionProblems(section, sectionPayloadOf(editing.form, section), rank);
  const unplaced = problems.filter((problem) => !FIELD_PATTERN.test(problem.field));
  const busy = save.isPending || publish.isPending || discard.isPending;

  const json = payload as unknown as Json;
  const askPublish = () => {
    setPublishTried(true);
    if (problems.length > 0 || payload === null || busy) return;
    publish.reset();
    setConfirming('publish');
  };
  const publicPath =
    published === null
      ? null
      : published.kind === 'term'
        ? `/dictionary/${published.slug}`
        : `/tokens/${published.token_id}`;

  const failure = save.isError
    ? t(draftErrorKey(save.error))
    : publishTried && problems.length > 0
      ? t('errors.fixFirst', { count: problems.length })
      : null;

  return (
    <section className="admin-section generator-review" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="admin-section__title">
        {t('review.title', { target: label(draft) })}
      </h2>
      <p className="generator-review__intro">
        {draft.topic === '' ? t('drafts.noTopic') : t('drafts.topic', { topic: draft.topic })}
        {draft.model !== null && ` · ${t('review.model', { model: draft.model })}`}
      </p>
      {done ? (
        <p className="generator-review__state">{t('review.readOnly')}</p>
      ) : (
        <p className="generator-review__state" role="status">
          {problems.length === 0
            ? t('review.ready')
            : t('review.problems', { count: problems.length })}
        </p>
      )}
      <ProblemList problems={unplaced} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          askPublish();
        }}
      >
        <fieldset className="generator-review__fields" disabled={done}>
          <legend className="visually-hidden">{t('review.legend')}</legend>
          {editing.kind === 'term' ? (
            <TermDraftFields
              idPrefix={id}
              form={editing.form}
              problems={problems}
              onChange={(form) => {
                setEditing({ kind: 'term', form });
              }}
            />
          ) : section === null ? (
            <p>{t('errors.sheetGone')}</p>
          ) : (
            <SectionDraftFields
              idPrefix={id}
              section={section}
              form={editing.form}
              problems={problems}
              onChange={(form) => {
                setEditing({ kind: 'tokenSection', form });
              }}
            />
          )}
        </fieldset>
        <div className="generator-review__actions">
          {!done && (
            <>
              <button
                type="submit"
                className="button-link button-link--primary"
                aria-disabled={busy}
              >
                {t('review.publish')}
              </button>
              <button
                type="button"
                className="button-link"
                aria-disabled={busy}
                onClick={() => {
                  if (!busy && payload !== null) save.mutate(json);
                }}
              >
                {save.isPending ? t('review.saving') : t('review.save')}
              </button>
              <button
                type="button"
                className="button-link"
                aria-disabled={busy}
                onClick={() => {
                  if (busy) return;
                  discard.reset();
                  setConfirming('discard');
                }}
              >
                {t('review.discard')}
              </button>
            </>
          )}
          <button type="button" className="button-link" onClick={onClose}>
            {t('admin:actions.close')}
          </button>
        </div>
        <ActionStatus
          success={
            published !== null ? (
              <p>
                {t('review.published')}{' '}
                {publicPath !== null && <Link to={publicPath}>{t('review.publishedLink')}</Link>}
              </p>
            ) : discard.isSuccess ? (
              <p>{t('review.discarded')}</p>
            ) : save.isSuccess && !busy ? (
              <p>{t('review.saved')}</p>
            ) : null
          }
          failure={failure}
        />
      </form>
      <ConfirmDialog
        open={confirming === 'publish'}
        title={t('review.confirmPublish.title')}
        confirmLabel={t('review.publish')}
        busyLabel={t('review.publishing')}
        busy={publish.isPending}
        error={publish.isError ? t(draftErrorKey(publish.error)) : null}
        onCancel={() => {
          setConfirming(null);
        }}
        onConfirm={() => {
          if (payload === null) return;
          publish.mutate(json, {
            onSuccess: (target) => {
              setPublished(target);
              setConfirming(null);
            },
          });
        }}
      >
        <p>
          {editing.kind === 'term'
            ? t('review.confirmPublish.term', { slug: editing.form.slug })
            : t('review.confirmPublish.tokenSection', {
                section: section === null ? '' : t(`tokens:${SECTION_LABEL_KEY[section]}`),
                token: token?.name ?? draft.tokenId ?? '',
              })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'discard'}
        title={t('review.confirmDiscard.title')}
        confirmLabel={t('review.discard')}
        busyLabel={t('review.discarding')}
        busy={discard.isPending}
        danger
        error={discard.isError ? t(draftErrorKey(discard.error)) : null}
        onCancel={() => {
          setConfirming(null);
        }}
        onConfirm={() => {
          discard.mutate(undefined, {
            onSuccess: () => {
              setConfirming(null);
            },
          });
        }}
      >
        <p>{t('review.confirmDiscard.text')}</p>
      </ConfirmDialog>
    </section>
  );
}
