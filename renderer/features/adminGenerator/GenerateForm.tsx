import { useId, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { codePointLength } from '../../../shared/contact';
import { TOKEN_TEXT_SECTIONS, type TokenTextSection } from '../../../shared/content/tokenRules';
import { ActionStatus } from '../../forms/ActionStatus';
import { CharacterCounter } from '../../forms/CharacterCounter';
import { FormField } from '../../forms/FormField';
import type { Draft, DraftKind } from './api';
import { GeneratorErrorText } from './GeneratorErrorText';
import { GeneratorError } from './generatorError';
import { useTokenChoices } from './hooks';
import { SECTION_LABEL_KEY } from '../admin/sectionLabelKey';
import { useGenerateDraft } from './useGenerateDraft';
import { useProblemText } from './useProblemText';

/** The function's own limit (supabase/functions/generate-content/handler.ts). */
export const TOPIC_MAX_LENGTH = 200;

/**
 * What to draft: a dictionary term on a topic, or one section of a sheet (with an optional
 * angle). Checked here as the function checks it; whatever fails, the admin's input stays.
 */
export function GenerateForm({
  enabled,
  onGenerated,
}: {
  /** False while the generator is not configured: nothing can be sent. */
  enabled: boolean;
  onGenerated: (draft: Draft) => void;
}) {
  const { t } = useTranslation(['adminGenerator', 'tokens']);
  const describeProblem = useProblemText();
  const id = useId();
  const [kind, setKind] = useState<DraftKind>('term');
  const [tokenId, setTokenId] = useState<string | null>(null);
  const [section, setSection] = useState<TokenTextSection>('about');
  const [topic, setTopic] = useState('');
  const [checked, setChecked] = useState(false);
  const tokens = useTokenChoices();
  const generate = useGenerateDraft();
  const busy = generate.isPending;

  const trimmed = topic.replace(/\s+/g, ' ').trim();
  const topicLength = codePointLength(trimmed);
  const serverProblems =
    generate.error instanceof GeneratorError && generate.error.code === 'invalid_request'
      ? generate.error.problems
      : [];
  const serverError = (field: string) =>
    serverProblems
      .filter((problem) => problem.field === field)
      .map((problem) => describeProblem(problem))
      .join(' ') || undefined;
  const topicError = !checked
    ? serverError('topic')
    : kind === 'term' && trimmed === ''
      ? t('form.topicRequired')
      : topicLength > TOPIC_MAX_LENGTH
        ? t('form.topicTooLong', { length: topicLength, max: TOPIC_MAX_LENGTH })
        : serverError('topic');
  const tokenError =
    checked && kind === 'tokenSection' && tokenId === null
      ? t('form.tokenRequired')
      : serverError('tokenId');

  const submit = () => {
    setChecked(true);
    if (!enabled || busy) return;
    const invalidTopic = (kind === 'term' && trimmed === '') || topicLength > TOPIC_MAX_LENGTH;
    if (invalidTopic) {
      document.getElementById(`${id}-topic`)?.focus();
      return;
    }
    if (kind === 'tokenSection' && tokenId === null) {
      document.getElementById(`${id}-token`)?.focus();
      return;
    }
    generate.mutate(
      kind === 'term'
        ? { kind, topic: trimmed }
        : { kind, tokenId: tokenId ?? '', section, topic: trimmed },
      {
        onSuccess: (draft) => {
          setTopic('');
          setChecked(false);
          onGenerated(draft);
        },
      },
    );
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section__title">
        {t('form.title')}
      </h2>
      <form
        className="form-card generator-form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="form-card__required">{t('form.intro')}</p>
        <fieldset className="generator-form__fields" disabled={!enabled}>
          <fieldset className="generator-form__kind">
            <legend className="form-field__label">{t('form.kind')}</legend>
            {(['term', 'tokenSection'] as const).map((value) => (
              <label key={value} className="generator-form__choice">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => {
                    setKind(value);
                  }}
                />
                {t(`form.kinds.${value}`)}
              </label>
            ))}
          </fieldset>
          {kind === 'tokenSection' && (
            <div className="generator-form__pair">
              <FormField id={`${id}-token`} label={t('form.token')} error={tokenError}>
                {(description) => (
                  <Select
                    id={`${id}-token`}
                    {...description}
                    className="generator-form__select"
                    showSearch={{ optionFilterProp: 'label' }}
                    disabled={!enabled}
                    loading={tokens.isPending}
                    placeholder={t('form.tokenPlaceholder')}
                    status={tokenError ? 'error' : undefined}
                    value={tokenId}
                    onChange={(value: string) => {
                      setTokenId(value);
                    }}
                    options={(tokens.data ?? []).map((token) => ({
                      value: token.id,
                      label: `${token.name} (${token.symbol})`,
                    }))}
                  />
                )}
              </FormField>
              <FormField id={`${id}-section`} label={t('form.section')}>
                {(description) => (
                  <select
                    id={`${id}-section`}
                    {...description}
                    className="form-field__control"
                    value={section}
                    onChange={(event) => {
                      setSection(event.target.value as TokenTextSection);
                    }}
                  >
                    {TOKEN_TEXT_SECTIONS.map((value) => (
                      <option key={value} value={value}>
                        {t(`tokens:${SECTION_LABEL_KEY[value]}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
          )}
          <FormField
            id={`${id}-topic`}
            label={kind === 'term' ? t('form.topic') : t('form.topicOptional')}
            hint={kind === 'term' ? t('form.topicHintTerm') : t('form.topicHintSection')}
            error={topicError}
            describedBy={[`${id}-counter`]}
            after={
              <CharacterCounter
                id={`${id}-counter`}
                text={trimmed}
                max={TOPIC_MAX_LENGTH}
                label={(length) => t('form.counter', { length, max: TOPIC_MAX_LENGTH })}
              />
            }
          >
            {(description) => (
              <input
                id={`${id}-topic`}
                {...description}
                name="topic"
                type="text"
                className="form-field__control"
                autoComplete="off"
                required={kind === 'term'}
                value={topic}
                onChange={(event) => {
                  setTopic(event.target.value);
                }}
              />
            )}
          </FormField>
        </fieldset>
        <div className="form-card__actions">
          <button
            type="submit"
            className="button-link button-link--primary form-card__submit"
            aria-disabled={busy || !enabled}
          >
            {busy ? t('form.generating') : t('form.generate')}
          </button>
          <ActionStatus
            progress={busy ? t('form.progress') : null}
            success={generate.isSuccess && !busy ? <p>{t('form.done')}</p> : null}
            failure={
              generate.isError && !busy ? <GeneratorErrorText error={generate.error} /> : null
            }
          />
        </div>
      </form>
    </section>
  );
}
