import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGES, TERM_CATEGORIES, type Language } from '../../../shared/catalog';
import { TERM_RELATED, type TermTextInput } from '../../../shared/content/termRules';
import { FormField } from '../../forms/FormField';
import { adminErrorKey } from '../admin/adminErrorKey';
import type { AdminTermRow } from './api';
import { DeleteTermDialog } from './DeleteTermDialog';
import { useDeleteTerm, useSaveTerm } from './hooks';
import { titleIn } from './listTerms';
import { RelatedTermsSelect } from './RelatedTermsSelect';
import { FIELD_ORDER, problemsByField, sameDraft, type TermDraft } from './termDraft';
import { TermPreview } from './TermPreview';
import { TermTextFields } from './TermTextFields';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

/**
 * The form of one term: slug, category, related terms and the three languages side by side,
 * checked as typed by the shared term rules (a field's problems show once it has been left, and
 * all of them on a save attempt). Saving keeps the editor open on the saved term; a refusal
 * keeps everything typed. Also: the preview, and the deletion of a saved term.
 */
export function TermEditor({
  initial,
  initialSlug,
  rows,
  onSaved,
  onDeleted,
  onClose,
}: {
  initial: TermDraft;
  /** The slug of the saved term being edited; null for a new term. */
  initialSlug: string | null;
  /** Every term, for the slug check, the related terms and the links to this one. */
  rows: readonly AdminTermRow[];
  onSaved: (slug: string) => void;
  onDeleted: (title: string, unlinkedTitles: string[]) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['adminTerms', 'admin', 'dictionary']);
  const language = i18n.language as Language;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [draft, setDraft] = useState(initial);
  const [baseline, setBaseline] = useState(initial);
  const [originalSlug, setOriginalSlug] = useState(initialSlug);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const save = useSaveTerm();
  const remove = useDeleteTerm();

  const dirty = useRef(false);
  useEffect(() => {
    dirty.current = !sameDraft(draft, baseline);
  }, [draft, baseline]);
  const isDirty = useCallback(() => dirty.current, []);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const otherSlugs = new Set(rows.map((row) => row.slug).filter((slug) => slug !== originalSlug));
  const problems = problemsByField(draft, otherSlugs);
  const fieldId = (field: string) => `${id}-${field.replaceAll('.', '-')}`;
  const errorOf = (field: string): string | undefined => {
    if (!submitted && !touched.has(field)) return undefined;
    const found = problems.get(field);
    return found
      ?.map((problem) => t(`admin:problems.${problem.code}`, { ...problem.params }))
      .join(' ');
  };
  const touch = (field: string) => {
    if (!touched.has(field)) setTouched(new Set(touched).add(field));
  };

  // After a refused save, the first field to correct gets the focus, in the form's order.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = FIELD_ORDER.find((field) => problems.has(field));
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per save attempt
  }, [focusRequest]);

  const change = (next: TermDraft) => {
    setDraft(next);
    setSaved(false);
  };
  const changeText = (textLanguage: Language, field: keyof TermTextInput, value: string) => {
    change({
      ...draft,
      translations: {
        ...draft.translations,
        [textLanguage]: { ...draft.translations[textLanguage], [field]: value },
      },
    });
  };

  const titleOf = (slug: string, inLanguage: Language = language) => {
    const row = rows.find((entry) => entry.slug === slug);
    return row ? titleIn(row, inLanguage) : slug;
  };
  const savedTitle =
    originalSlug === null ? null : baseline.translations[language].title || originalSlug;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setServerError(null);
    setSaved(false);
    if (problems.size > 0) {
      setSubmitted(true);
      setFocusRequest((count) => count + 1);
      return;
    }
    const term = draft;
    save.mutate(
      { originalSlug, term },
      {
        onSuccess: (slug) => {
          // The editor stays on the saved term: moving the URL to it loses nothing.
          dirty.current = false;
          setBaseline(term);
          setOriginalSlug(slug);
          setSaved(true);
          onSaved(slug);
        },
        onError: (error) => {
          setServerError(t(`admin:${adminErrorKey(error)}`));
        },
      },
    );
  };

  const confirmDelete = () => {
    if (originalSlug === null) return;
    setDeleteError(null);
    const title = savedTitle ?? originalSlug;
    remove.mutate(originalSlug, {
      onSuccess: (unlinked) => {
        dirty.current = false;
        setDeleting(false);
        onDeleted(
          title,
          unlinked.map((slug) => titleOf(slug)),
        );
      },
      onError: (error) => {
        setDeleteError(t(`admin:${adminErrorKey(error)}`));
      },
    });
  };

  const blocked = problems.size > 0;
  const statusId = `${id}-status`;
  return (
    <section className="admin-section admin-terms__editor" aria-labelledby={`${id}-title`}>
      <div className="admin-terms__editor-head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="admin-section__title">
          {savedTitle === null
            ? t('editor.createTitle')
            : t('editor.editTitle', { title: savedTitle })}
        </h2>
        <button type="button" className="button-link" onClick={onClose}>
          {t('admin:actions.close')}
        </button>
      </div>
      <form noValidate onSubmit={submit} className="admin-terms__form">
        <p className="form-card__required">{t('editor.required')}</p>
        <div className="admin-terms__meta">
          <FormField
            id={fieldId('slug')}
            label={t('editor.slug')}
            hint={t('editor.slugHint')}
            error={errorOf('slug')}
          >
            {(description) => (
              <input
                id={fieldId('slug')}
                type="text"
                className="form-field__control"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={draft.slug}
                onChange={(event) => {
                  change({ ...draft, slug: event.target.value });
                }}
                onBlur={() => {
                  touch('slug');
                }}
                {...description}
              />
            )}
          </FormField>
          <FormField
            id={fieldId('category')}
            label={t('editor.category')}
            error={errorOf('category')}
          >
            {(description) => (
              <select
                id={fieldId('category')}
                className="form-field__control"
                value={draft.category}
                onChange={(event) => {
                  change({ ...draft, category: event.target.value });
                }}
                onBlur={() => {
                  touch('category');
                }}
                {...description}
              >
                <option value="">{t('editor.chooseCategory')}</option>
                {TERM_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(`dictionary:category.${category}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            id={fieldId('related')}
            label={t('editor.related')}
            hint={t('editor.relatedHint', TERM_RELATED)}
            error={errorOf('related')}
          >
            {(description) => (
              <RelatedTermsSelect
                id={fieldId('related')}
                value={draft.related}
                options={rows
                  .filter((row) => row.slug !== originalSlug)
                  .map((row) => ({ slug: row.slug, title: titleIn(row, language) }))}
                description={description}
                onChange={(related) => {
                  change({ ...draft, related });
                }}
                onBlur={() => {
                  touch('related');
                }}
              />
            )}
          </FormField>
        </div>
        <h3 className="admin-section__title">{t('editor.texts')}</h3>
        <div className="admin-languages">
          {LANGUAGES.map((textLanguage) => (
            <TermTextFields
              key={textLanguage}
              language={textLanguage}
              text={draft.translations[textLanguage]}
              fieldId={(field) => fieldId(`translations.${textLanguage}.${field}`)}
              errorOf={(field) => errorOf(`translations.${textLanguage}.${field}`)}
              onChange={(field, value) => {
                changeText(textLanguage, field, value);
              }}
              onBlur={(field) => {
                touch(`translations.${textLanguage}.${field}`);
              }}
            />
          ))}
        </div>
        <div className="admin-terms__actions">
          <button
            type="submit"
            className="button-link button-link--primary"
            aria-disabled={blocked || save.isPending}
            aria-describedby={statusId}
          >
            {save.isPending ? t('admin:actions.saving') : t('admin:actions.save')}
          </button>
          {originalSlug !== null && (
            <button
              type="button"
              className="button-link button-link--danger"
              onClick={() => {
                setDeleteError(null);
                setDeleting(true);
              }}
            >
              {t('delete.open')}
            </button>
          )}
        </div>
        <div id={statusId} role="status" className="form-status-region admin-terms__status">
          {blocked && <p>{t('editor.blocked', { count: problems.size })}</p>}
          {serverError && <p className="form-status form-status--error">{serverError}</p>}
          {saved && originalSlug !== null && (
            <p className="form-status form-status--success">
              {t('notice.saved', { title: savedTitle ?? originalSlug })}{' '}
              <Link to={`/dictionary/${originalSlug}`}>{t('notice.open')}</Link>
            </p>
          )}
        </div>
      </form>
      <TermPreview draft={draft} relatedTitle={titleOf} />
      {originalSlug !== null && (
        <DeleteTermDialog
          open={deleting}
          title={savedTitle ?? originalSlug}
          linkedFrom={rows
            .filter((row) => row.slug !== originalSlug && row.related.includes(originalSlug))
            .map((row) => titleIn(row, language))}
          busy={remove.isPending}
          error={deleteError}
          onConfirm={confirmDelete}
          onCancel={() => {
            if (!remove.isPending) setDeleting(false);
          }}
        />
      )}
      <UnsavedChangesGuard isDirty={isDirty} />
    </section>
  );
}
