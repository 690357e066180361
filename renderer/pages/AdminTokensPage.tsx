import '../features/adminTokens/adminTokens.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSearchQuery } from '../app/useSearchQuery';
import { AdminFrame } from '../features/admin/AdminFrame';
import { pageOf, searchSheets, sortSheets } from '../features/adminTokens/arrangeSheets';
import { SheetEditor, type SaveOutcome } from '../features/adminTokens/SheetEditor';
import {
  MAX_SHEET_QUERY_LENGTH,
  useSheetListState,
  useSheetSorting,
  writeSheetListState,
} from '../features/adminTokens/sheetListState';
import { SheetTable } from '../features/adminTokens/SheetTable';
import { useSheetSummaries, useStoredSheet } from '../features/adminTokens/useAdminSheets';
import { ActionStatus } from '../forms/ActionStatus';
import { LiveSearchField } from './parts/LiveSearchField';
import { LoadedData } from './parts/LoadedData';
import { NoticePanel } from './parts/NoticePanel';

/** What a step leaves for the next page to say (router state): a sheet created or deleted. */
interface StepNote {
  created?: { unchecked: boolean };
  deleted?: string;
}

function useStepNote(): StepNote {
  const state: unknown = useLocation().state;
  if (typeof state !== 'object' || state === null) return {};
  const { created, deleted } = state as Record<string, unknown>;
  return {
    ...(typeof deleted === 'string' ? { deleted } : {}),
    ...(typeof created === 'object' && created !== null
      ? { created: { unchecked: (created as Record<string, unknown>).unchecked === true } }
      : {}),
  };
}

/** The list: search by name, symbol or id, sort by any column, 25 sheets a page. */
function SheetsBrowser() {
  const { t, i18n } = useTranslation(['adminTokens', 'admin']);
  const note = useStepNote();
  const [state, setState] = useSheetListState();
  const search = useSearchQuery(state.query, (query) => {
    setState({ query, page: 1 });
  });
  const sheets = useSheetSummaries();
  const sorting = useSheetSorting(state, setState);
  const found = useMemo(
    () => searchSheets(sheets.data ?? [], search.query),
    [sheets.data, search.query],
  );
  const sorted = useMemo(
    () => sortSheets(found, state.sort, state.direction, i18n.language),
    [found, state.sort, state.direction, i18n.language],
  );
  const shown = pageOf(sorted, state.page);

  return (
    <section className="admin-section" aria-labelledby="admin-sheets-title">
      <div className="admin-sheets__heading">
        <h2 id="admin-sheets-title" className="admin-section__title">
          {t('list.title')}
        </h2>
        <Link to={{ search: '?new=1' }} className="button-link button-link--primary">
          {t('list.new')}
        </Link>
      </div>
      <ActionStatus
        success={
          note.deleted === undefined ? null : <p>{t('list.deleted', { name: note.deleted })}</p>
        }
      />
      <LiveSearchField
        key={search.revision}
        initialValue={search.query}
        onType={search.type}
        onBlur={search.flush}
        label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        maxLength={MAX_SHEET_QUERY_LENGTH}
        count={sheets.data ? t('list.count', { count: found.length }) : ''}
      />
      <LoadedData query={sheets}>
        {() =>
          shown.rows.length === 0 ? (
            <NoticePanel message={t('list.empty')} hint={t('list.emptyHint')}>
              <button
                type="button"
                className="button-link"
                onClick={() => {
                  search.reset('');
                  setState({ query: '', page: 1 });
                }}
              >
                {t('list.clearSearch')}
              </button>
            </NoticePanel>
          ) : (
            <>
              <SheetTable sheets={shown.rows} sorting={sorting} />
              {shown.pageCount > 1 && (
                <nav className="admin-sheets__pager" aria-label={t('list.pager.label')}>
                  {shown.page > 1 ? (
                    <Link
                      className="button-link"
                      rel="prev"
                      to={{
                        search: writeSheetListState({ ...state, page: shown.page - 1 }).toString(),
                      }}
                    >
                      {t('list.pager.previous')}
                    </Link>
                  ) : (
                    <span />
                  )}
                  <p>{t('list.pager.position', { page: shown.page, pages: shown.pageCount })}</p>
                  {shown.page < shown.pageCount ? (
                    <Link
                      className="button-link"
                      rel="next"
                      to={{
                        search: writeSheetListState({ ...state, page: shown.page + 1 }).toString(),
                      }}
                    >
                      {t('list.pager.next')}
                    </Link>
                  ) : (
                    <span />
                  )}
                </nav>
              )}
            </>
          )
        }
      </LoadedData>
    </section>
  );
}

function useAfterSteps() {
  const navigate = useNavigate();
  return {
    onSaved: ({ id, created, unchecked }: SaveOutcome) => {
      if (!created) return;
      // The new sheet now has an address of its own; the editor there says it was created.
      void navigate(
        { search: `?edit=${encodeURIComponent(id)}` },
        { replace: true, state: { created: { unchecked } } satisfies StepNote },
      );
    },
    onDeleted: (name: string) => {
      void navigate({ search: '' }, { state: { deleted: name } satisfies StepNote });
    },
  };
}

function EditSheet({ id }: { id: string }) {
  const { t } = useTranslation('adminTokens');
  const sheet = useStoredSheet(id);
  const note = useStepNote();
  const steps = useAfterSteps();
  const created =
    note.created === undefined
      ? null
      : [t('editor.status.created'), note.created.unchecked ? t('editor.status.unchecked') : '']
          .join(' ')
          .trim();
  return (
    <LoadedData query={sheet}>
      {(stored) =>
        stored === null ? (
          <NoticePanel message={t('editor.notFound', { id })}>
            <Link to="/admin/tokens" className="button-link">
              {t('editor.back')}
            </Link>
          </NoticePanel>
        ) : (
          <SheetEditor stored={stored} initialStatus={created} {...steps} />
        )
      }
    </LoadedData>
  );
}

function NewSheet({ providerId }: { providerId: string }) {
  const steps = useAfterSteps();
  return <SheetEditor stored={null} providerId={providerId} initialStatus={null} {...steps} />;
}

/**
 * `/admin/tokens`: every token sheet, searchable and sortable; `?edit=<id>` opens a sheet's
 * editor and `?new=1` a blank one (`&id=<provider id>` fills in the id, as the dashboard's
 * "Create sheet" does), so that each has an address of its own.
 */
export default function AdminTokensPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  return (
    <AdminFrame page="adminTokens">
      {editId !== null ? (
        <EditSheet key={editId} id={editId} />
      ) : params.get('new') === '1' ? (
        <NewSheet providerId={params.get('id') ?? ''} />
      ) : (
        <SheetsBrowser />
      )}
    </AdminFrame>
  );
}
