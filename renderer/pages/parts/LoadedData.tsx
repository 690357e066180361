import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { offlineWithWorker } from '../../offline/offlineCopies';
import { NoticePanel } from './NoticePanel';

/**
 * What a page shows of a read: the data as soon as there is some — with a polite notice when
 * the latest refetch failed, so the last data seen stays readable — a retry offer when there
 * never was any (saying so when the device is offline and the page was never read on it), and a
 * loading line meanwhile.
 */
export function LoadedData<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation('common');
  const retry = () => {
    void query.refetch();
  };
  if (query.data !== undefined) {
    return (
      <>
        {query.isError && (
          <p className="data-notice" role="status">
            {t('data.stale', {
              time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
                query.dataUpdatedAt,
              ),
            })}{' '}
            <button type="button" className="text-button" onClick={retry}>
              {t('data.retry')}
            </button>
          </p>
        )}
        {children(query.data)}
      </>
    );
  }
  if (query.isError) {
    return (
      <NoticePanel
        message={t('data.unavailable')}
        hint={offlineWithWorker() ? t('data.offlineHint') : t('data.unavailableHint')}
      >
        <button type="button" className="button-link" onClick={retry}>
          {t('data.retry')}
        </button>
      </NoticePanel>
    );
  }
  return (
    <p className="data-loading" role="status">
      {t('data.loading')}
    </p>
  );
}
