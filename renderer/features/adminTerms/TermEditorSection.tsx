import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticePanel } from '../../pages/parts/NoticePanel';
import type { TermInput } from '../../../shared/content/termRules';
import type { AdminTermRow } from './api';
import { useAdminTerm } from './hooks';
import { emptyDraft } from './termDraft';
import { TermEditor } from './TermEditor';

type EditorProps = Omit<Parameters<typeof TermEditor>[0], 'initial' | 'initialSlug'>;

/**
 * The editor of `target` ('new' or a slug). A saved term is read from the server when the editor
 * opens, and only then: later reads (after a save, or a rename that makes the old slug unknown)
 * never replace what the editor holds.
 */
export function TermEditorSection({
  target,
  rows,
  ...editor
}: EditorProps & { target: string; rows: readonly AdminTermRow[] }) {
  const { t } = useTranslation(['adminTerms', 'admin', 'common']);
  const creating = target === 'new';
  const query = useAdminTerm(target, !creating);
  // What the editor opened with, kept: the URL moving to a term just saved changes `target`
  // but must not reset the editor. null: no term has this slug.
  const [opened, setOpened] = useState<{ term: TermInput; slug: string | null } | null | undefined>(
    creating ? { term: emptyDraft(), slug: null } : undefined,
  );
  if (opened === undefined && query.isFetchedAfterMount && query.data !== undefined) {
    setOpened(query.data === null ? null : { term: query.data, slug: target });
  }

  if (opened === null) {
    return (
      <NoticePanel message={t('editor.notFound', { slug: target })}>
        <button type="button" className="button-link" onClick={editor.onClose}>
          {t('admin:actions.close')}
        </button>
      </NoticePanel>
    );
  }
  if (opened !== undefined) {
    return <TermEditor initial={opened.term} initialSlug={opened.slug} rows={rows} {...editor} />;
  }
  if (query.isError && !query.isFetching) {
    return (
      <NoticePanel message={t('common:data.unavailable')} hint={t('common:data.unavailableHint')}>
        <button
          type="button"
          className="button-link"
          onClick={() => {
            void query.refetch();
          }}
        >
          {t('common:data.retry')}
        </button>
      </NoticePanel>
    );
  }
  return (
    <p className="data-loading" role="status">
      {t('common:data.loading')}
    </p>
  );
}
