import { useBackendQuery } from '../../app/useBackendQuery';
import { LoadedData } from '../../pages/parts/LoadedData';
import { AdminFrame } from '../admin/AdminFrame';
import { fetchDashboard } from './api';
import { DashboardCounts } from './DashboardCounts';
import { LatestMessages } from './LatestMessages';
import { MarketRefreshHealth } from './MarketRefreshHealth';
import { MissingCoins } from './MissingCoins';

/** The dashboard, under the title of the route that shows it (`/admin` or `/admin/dashboard`). */
export function Dashboard({ page }: { page: 'admin' | 'adminDashboard' }) {
  const dashboard = useBackendQuery(['admin', 'dashboard'], fetchDashboard);
  return (
    <AdminFrame page={page}>
      <LoadedData query={dashboard}>
        {(data) => (
          <>
            <DashboardCounts counts={data.counts} />
            <MarketRefreshHealth market={data.market} />
            <MissingCoins dashboard={data} />
            <LatestMessages messages={data.latest_messages} />
          </>
        )}
      </LoadedData>
    </AdminFrame>
  );
}
