-- What the token pages show beyond the price (7-day change, supply, all-time high, a 7-day
-- price line), and how the last market refreshes went: the provider's free plan counts calls per
-- month, and a failed refresh keeps the old figures, so the pages and the operators need to see
-- when prices were last refreshed, what failed, and how many calls were spent.

-- ---------------------------------------------------------------------------------------------
-- More figures per token, all from the provider's `/coins/markets` (US dollars)

alter table public.token_market
  add column change_7d_pct numeric,
  add column circulating_supply numeric,
  add column ath_usd numeric,
  add column ath_date timestamptz,
  -- Oldest first, at most one point every 4 hours (42 points): every list row stays small.
  add column sparkline_7d numeric[]
    constraint token_market_sparkline_7d_length check (cardinality(sparkline_7d) <= 42);

-- ---------------------------------------------------------------------------------------------
-- The outcome of the market refreshes: one row

create table public.market_refresh_status (
  id boolean primary key default true constraint market_refresh_status_single_row check (id),
  last_success_at timestamptz,
  last_error_at timestamptz,
  -- A short reason such as "provider answered 500": never a key or a URL.
  last_error text constraint market_refresh_status_last_error_length
    check (char_length(last_error) <= 500),
  -- Calls made to the provider since this row was created, to follow the monthly quota.
  provider_calls bigint not null default 0
    constraint market_refresh_status_provider_calls_check check (provider_calls >= 0)
);
alter table public.market_refresh_status enable row level security;
revoke all on table public.market_refresh_status from anon, authenticated, service_role;
grant select on table public.market_refresh_status to anon, authenticated;
-- No write grant to authenticated, not even admins: only the refresh records its outcome.
grant select, insert, update, delete on table public.market_refresh_status to service_role;

-- Everyone reads how fresh the prices are; the service role (BYPASSRLS) writes it.
create policy "market_refresh_status: everyone reads"
  on public.market_refresh_status for select to anon, authenticated
  using (true);

insert into public.market_refresh_status (id) values (true) on conflict (id) do nothing;

-- Records one refresh's outcome in one statement, so that two refreshes at once cannot lose
-- each other's provider calls (a read then a write through the API could). `_error` null means
-- success; the last error stays next to its time after a success, for the record.
create function public.record_market_refresh(_provider_calls integer, _error text default null)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.market_refresh_status as s
    (id, last_success_at, last_error_at, last_error, provider_calls)
  values (
    true,
    case when _error is null then now() end,
    case when _error is not null then now() end,
    _error,
    greatest(coalesce(_provider_calls, 0), 0)
  )
  on conflict (id) do update set
    last_success_at = coalesce(excluded.last_success_at, s.last_success_at),
    last_error_at = coalesce(excluded.last_error_at, s.last_error_at),
    last_error = coalesce(excluded.last_error, s.last_error),
    provider_calls = s.provider_calls + excluded.provider_calls;
$$;
revoke all on function public.record_market_refresh(integer, text) from public, anon, authenticated;
grant execute on function public.record_market_refresh(integer, text) to service_role;
