import * as v from 'valibot';
import { BackendError, dataOf } from '../../app/backendError';
import type { Backend } from '../../session/supabaseClient';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const moment = v.nullable(v.string());

const DashboardSchema = v.object({
  counts: v.object({
    users: count,
    new_users_7d: count,
    unread_messages: count,
    terms: count,
    sheets: count,
    modules: count,
    badges_awarded: count,
  }),
  market: v.object({
    last_success_at: moment,
    last_error_at: moment,
    last_error: v.nullable(v.string()),
    next_run_at: moment,
    provider_calls: count,
    top_coins_refreshed_at: moment,
    now: v.string(),
  }),
  missing_coins: v.array(
    v.object({ id: v.string(), symbol: v.string(), name: v.string(), market_cap_rank: count }),
  ),
  top_coins_total: count,
  missing_coins_total: count,
  latest_messages: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      subject: v.string(),
      status: v.string(),
      created_at: v.string(),
    }),
  ),
});

/** What `admin_dashboard` answers, checked: the page never shows a shape it did not expect. */
export type Dashboard = v.InferOutput<typeof DashboardSchema>;
export type MarketStatus = Dashboard['market'];

/** The dashboard's figures in one call. Admins only: anyone else gets a BackendError 42501. */
export async function fetchDashboard(client: Backend): Promise<Dashboard> {
  const data = dataOf(await client.rpc('admin_dashboard', { _missing_limit: 50 }));
  const parsed = v.safeParse(DashboardSchema, data);
  if (!parsed.success) throw new BackendError('admin_dashboard answered an unexpected shape.');
  return parsed.output;
}
