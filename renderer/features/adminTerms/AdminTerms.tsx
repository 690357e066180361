import './adminTerms.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/catalog';
import { LoadedData } from '../../pages/parts/LoadedData';
import {
  editorTarget,
  useAdminTermsState,
  writeAdminTermsState,
  type AdminTermsState,
} from './adminTermsUrl';
import { useAdminTermList } from './hooks';
import { TermEditorSection } from './TermEditorSection';
import { TermListSection } from './TermListSection';

/**
 * The dictionary's admin: the editor of the term the URL names (`?edit=<slug>`, `?new=1`) above
 * the searchable, sortable list of every term. The editor stays the same one while it moves the
 * URL to the term it has just saved; it starts afresh when the admin opens another term.
 */
export function AdminTerms() {
  const { t, i18n } = useTranslation('adminTerms');
  const list = useAdminTermList();
  const [state, update] = useAdminTermsState();
  const target = editorTarget(state);
  const [editor, setEditor] = useState({ target, session: 0, adopted: null as string | null });
  if (editor.target !== target) {
    setEditor({
      target,
      session: editor.adopted === target ? editor.session : editor.session + 1,
      adopted: null,
    });
  }
  const [notice, setNotice] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const previousTarget = useRef(target);
  // A closed editor hands the focus to the list, not to the top of the document.
  useEffect(() => {
    if (previousTarget.current !== null && target === null) listHeading.current?.focus();
    previousTarget.current = target;
  }, [target]);
  const searchOf = (change: Partial<AdminTermsState>) =>
    `?${writeAdminTermsState({ ...state, ...change }).toString()}`;
  const close = () => {
    update({ edit: null, creating: false });
  };

  return (
    <LoadedData query={list}>
      {(rows) => (
        <>
          <div role="status" className="form-status-region">
            {notice && <p className="form-status form-status--success">{notice}</p>}
          </div>
          {target !== null && (
            <TermEditorSection
              key={editor.session}
              target={target}
              rows={rows}
              onSaved={(slug) => {
                setNotice(null);
                setEditor({ ...editor, adopted: slug });
                update({ edit: slug, creating: false });
              }}
              onDeleted={(title, unlinked) => {
                const language = i18n.language as Language;
                setNotice(
                  unlinked.length === 0
                    ? t('notice.deleted', { title })
                    : t('notice.deletedUnlinked', {
                        title,
                        titles: new Intl.ListFormat(language).format(unlinked),
                      }),
                );
                close();
              }}
              onClose={close}
            />
          )}
          <TermListSection
            headingRef={listHeading}
            rows={rows}
            state={state}
            onChange={update}
            searchOf={searchOf}
          />
        </>
      )}
    </LoadedData>
  );
}
