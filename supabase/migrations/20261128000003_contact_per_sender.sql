-- Contact messages: a limit per sender besides the one per email address, which alone let one
-- client send without end by changing the address it types. A sender is the network address a
-- visitor's request comes from and, when signed in, their account:
--   * an account gets 5 messages per rolling hour, as an email address does (the figure the
--     contact form tells a refused sender, shared/contact.ts);
--   * a network address gets 30, since one address is often shared by many people (a class, an
--     office, a mobile carrier's NAT), so that a real visitor never meets it.
-- Both refuse with the P0001 the form already translates. They apply to API callers (the
-- request's role is `anon` or `authenticated`): the service role is the project's own server
-- code, and its inserts count for the email limit only.
--
-- The network address is the `cf-connecting-ip` request header, which PostgREST passes to SQL in
-- `request.headers`. On hosted Supabase every request crosses Cloudflare, which sets that header
-- to the connecting client's address and overwrites any value the client sent; X-Forwarded-For,
-- by contrast, keeps what the client wrote. The local stack sets the same header from the
-- socket's address (server/rest/service.ts). Without the header (SQL outside a request), only the
-- email and account limits apply.

-- Who sent an accepted message in the last hour: one row per message and per sender key, kept
-- an hour. Keys are hashed, so the table is a counter, not a record of addresses.
create table private.contact_senders (
  sender_hash text not null,
  sent_at timestamptz not null default now()
);
create index contact_senders_sender_hash_sent_at_idx
  on private.contact_senders (sender_hash, sent_at);
alter table private.contact_senders enable row level security;
revoke all on table private.contact_senders from public, anon, authenticated, service_role;

-- The request's client address as a rate-limit key: an IPv4 address as is, an IPv6 address by
-- its /64 (one subscriber's usual allocation, in which a client picks new addresses at will).
-- Null outside a request or when the header is absent or not an address.
create function private.request_client_network()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  _raw text := pg_catalog.btrim(
    nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'cf-connecting-ip'
  );
  _address inet;
begin
  if _raw is null or _raw = '' then
    return null;
  end if;
  begin
    _address := _raw::inet;
  exception when invalid_text_representation then
    return null;
  end;
  if pg_catalog.family(_address) = 6 then
    return pg_catalog.network(pg_catalog.set_masklen(_address, 64))::text;
  end if;
  return pg_catalog.host(_address);
end
$$;
revoke execute on function private.request_client_network() from public, anon, authenticated;

-- The key under which a sender's messages are counted: a hash, so that the table holds no
-- address or account id in the clear.
create function private.contact_sender_hash(_sender text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(_sender, 'UTF8')), 'hex')
$$;
revoke execute on function private.contact_sender_hash(text) from public, anon, authenticated;

-- At most 5 messages per rolling hour from one email address (case-insensitive) and from one
-- signed-in account, and 30 from one network address. SECURITY DEFINER: the sender cannot read
-- what it counts. Advisory locks, taken in a fixed order, make concurrent sends of one sender
-- queue up instead of slipping past the count together.
create or replace function private.enforce_contact_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _visitor boolean := pg_catalog.current_setting('role', true) in ('anon', 'authenticated');
  _network text := private.request_client_network();
  _user_id uuid := auth.uid();
  -- Each sender of this message: its hash, how many messages it may send in an hour, and the
  -- sentence that refuses it.
  _senders text[] := array[]::text[];
  _limits integer[] := array[]::integer[];
  _refusals text[] := array[]::text[];
  _lock bigint;
  _recent integer;
begin
  if _visitor and _network is not null then
    _senders := _senders || private.contact_sender_hash('network:' || _network);
    _limits := _limits || 30;
    _refusals := _refusals
      || 'Too many messages from this network address: at most 30 per hour.'::text;
  end if;
  if _visitor and _user_id is not null then
    _senders := _senders || private.contact_sender_hash('user:' || _user_id::text);
    _limits := _limits || 5;
    _refusals := _refusals || 'Too many messages from this account: at most 5 per hour.'::text;
  end if;

  for _lock in
    select l from pg_catalog.unnest(
      array[pg_catalog.hashtext('contact_messages:' || pg_catalog.lower(new.email))]
      || array(
        select pg_catalog.hashtext('contact_senders:' || s) from pg_catalog.unnest(_senders) as s
      )
    ) as l
    order by l
  loop
    perform pg_catalog.pg_advisory_xact_lock(_lock);
  end loop;

  select count(*) into _recent
  from public.contact_messages
  where pg_catalog.lower(email) = pg_catalog.lower(new.email)
    and created_at > now() - interval '1 hour';
  if _recent >= 5 then
    raise exception 'Too many messages from this email address: at most 5 per hour.'
      using errcode = 'P0001',
            hint = 'Please wait a little before writing again.';
  end if;

  for _index in 1 .. coalesce(pg_catalog.array_length(_senders, 1), 0) loop
    select count(*) into _recent
    from private.contact_senders
    where sender_hash = _senders[_index]
      and sent_at > now() - interval '1 hour';
    if _recent >= _limits[_index] then
      raise exception '%', _refusals[_index]
        using errcode = 'P0001',
              hint = 'Please wait a little before writing again.';
    end if;
  end loop;

  -- Rows older than the hour count for nobody. Rows another send is deleting right now are
  -- left to it, so that two sends never wait on each other here.
  delete from private.contact_senders
  where ctid in (
    select ctid from private.contact_senders
    where sent_at <= now() - interval '1 hour'
    for update skip locked
  );
  insert into private.contact_senders (sender_hash)
  select s from pg_catalog.unnest(_senders) as s;
  return new;
end
$$;
revoke execute on function private.enforce_contact_rate_limit() from public, anon, authenticated;
