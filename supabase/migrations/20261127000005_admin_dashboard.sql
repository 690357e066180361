-- The admin dashboard: its figures in one call, when the market refresh is due next, and the
-- provider's largest coins, so that an admin sees which of them have no sheet yet.

-- ---------------------------------------------------------------------------------------------
-- When the next market refresh is planned

-- Written by whatever schedules the refresh (the local stack's scheduler after each run, with
-- its back-off); null when nothing recorded a plan, e.g. the refresh is disabled.
alter table public.market_refresh_status
  add column next_run_at timestamptz,
  -- When the provider's largest coins were last read (public.market_top_coins).
  add column top_coins_refreshed_at timestamptz;

-- ---------------------------------------------------------------------------------------------
-- The provider's largest coins by market cap

create table public.market_top_coins (
  id text primary key constraint market_top_coins_id_shape check (id ~ '^[a-z0-9][a-z0-9._-]*$'),
  symbol text not null check (char_length(symbol) between 1 and 50),
  name text not null check (char_length(name) between 1 and 200),
  market_cap_rank integer not null check (market_cap_rank > 0)
);
create index market_top_coins_rank_idx on public.market_top_coins (market_cap_rank);
alter table public.market_top_coins enable row level security;
revoke all on table public.market_top_coins from anon, authenticated, service_role;
grant select on table public.market_top_coins to authenticated;
grant select, insert, update, delete on table public.market_top_coins to service_role;

-- Only admins need the list (to find coins without a sheet); the service role writes it.
create policy "market_top_coins: admins read"
  on public.market_top_coins for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

-- Replaces the list in one statement and counts the provider calls spent on it, so the list
-- is never half-written and the monthly quota stays true. `_coins` null records the calls of
-- a failed read and keeps the old list.
create function public.record_top_coins(_coins jsonb, _provider_calls integer)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.market_refresh_status
    set provider_calls = provider_calls + greatest(coalesce(_provider_calls, 0), 0);
  if _coins is null then
    return;
  end if;
  if pg_catalog.jsonb_typeof(_coins) <> 'array' then
    raise exception 'The coins must be a JSON array.' using errcode = '22023';
  end if;
  delete from public.market_top_coins where true;
  insert into public.market_top_coins (id, symbol, name, market_cap_rank)
  select c.id, c.symbol, c.name, c.market_cap_rank
  from pg_catalog.jsonb_to_recordset(_coins)
    as c (id text, symbol text, name text, market_cap_rank integer)
  on conflict (id) do nothing;
  update public.market_refresh_status set top_coins_refreshed_at = now();
end
$$;
revoke all on function public.record_top_coins(jsonb, integer) from public, anon, authenticated;
grant execute on function public.record_top_coins(jsonb, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The dashboard in one call

-- Everything the dashboard shows, for admins only (42501 otherwise): the counts, the market
-- refresh's health, the largest coins without a sheet (`_missing_limit` at most, by rank) and
-- the five newest contact messages.
create function public.admin_dashboard(_missing_limit integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _limit integer := least(greatest(coalesce(_missing_limit, 50), 0), 250);
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may read the dashboard.' using errcode = '42501';
  end if;

  return pg_catalog.jsonb_build_object(
    'counts', pg_catalog.jsonb_build_object(
      'users', (select count(*) from auth.users),
      'new_users_7d', (
        select count(*) from auth.users where created_at >= now() - interval '7 days'
      ),
      'unread_messages', (select count(*) from public.contact_messages where status = 'new'),
      'terms', (select count(*) from public.terms),
      'sheets', (select count(*) from public.tokens),
      'modules', (select count(*) from public.learning_modules),
      'badges_awarded', (select count(*) from public.user_badges)
    ),
    'market', (
      select pg_catalog.jsonb_build_object(
        'last_success_at', s.last_success_at,
        'last_error_at', s.last_error_at,
        'last_error', s.last_error,
        'next_run_at', s.next_run_at,
        'provider_calls', s.provider_calls,
        'top_coins_refreshed_at', s.top_coins_refreshed_at,
        'now', now()
      )
      from public.market_refresh_status as s
    ),
    'missing_coins', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(m) order by m.market_cap_rank)
      from (
        select c.id, c.symbol, c.name, c.market_cap_rank
        from public.market_top_coins as c
        where not exists (select 1 from public.tokens as t where t.id = c.id)
        order by c.market_cap_rank
        limit _limit
      ) as m
    ), '[]'::jsonb),
    'top_coins_total', (select count(*) from public.market_top_coins),
    'missing_coins_total', (
      select count(*)
      from public.market_top_coins as c
      where not exists (select 1 from public.tokens as t where t.id = c.id)
    ),
    'latest_messages', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(m) order by m.created_at desc)
      from (
        select id, name, subject, status, created_at
        from public.contact_messages
        order by created_at desc, id
        limit 5
      ) as m
    ), '[]'::jsonb)
  );
end
$$;
revoke execute on function public.admin_dashboard(integer) from public, anon, authenticated;
grant execute on function public.admin_dashboard(integer) to authenticated;
