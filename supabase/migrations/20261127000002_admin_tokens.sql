-- The token sheets written from the admin page: a sheet saved whole (the sheet and its three
-- languages in one transaction, checked on the way in), a sheet deleted, and an icon uploaded
-- for a sheet that has no bundled one.
--
-- The checks mirror shared/content/tokenRules.ts (the rules of `npm run content:check`, which the
-- admin form runs as the admin types): the form is the comfort, these are the guarantee. What
-- SQL checks cheaply is checked here: the shape, the three languages, the required sections,
-- the lengths, the https links, the rank, the id. A problem is raised as 22023 with the field
-- in the message (`translations.es.about: is empty`).
--
-- A sheet's id never changes: it is the market-data provider's id (CoinGecko), which the price
-- refresh asks for and which users' favourites and the market row hang off. `_original_id`
-- only says whether the call creates a sheet (null) or updates that one.

-- ---------------------------------------------------------------------------------------------
-- Uploaded icons

-- The object name in the `token-icons` bucket (`<token id>/<file>.png`), for a sheet without a
-- bundled icon; null for the others. Each upload gets a new name, so no cache keeps an old icon.
alter table public.tokens
  add column icon_path text
    constraint tokens_icon_path_shape check (
      char_length(icon_path) <= 200
      and icon_path ~ '^[a-z0-9][a-z0-9._-]*/[a-z0-9][a-z0-9._-]*\.png$'
      and pg_catalog.starts_with(icon_path, id || '/')
    );

-- PNG only, checked on the file's real bytes by the storage service: an SVG may carry script,
-- so the admin page turns one into a PNG in the browser before it uploads it.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('token-icons', 'token-icons', true, 262144, array['image/png'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists "token-icons: admins read" on storage.objects;
drop policy if exists "token-icons: admins insert" on storage.objects;
drop policy if exists "token-icons: admins update" on storage.objects;
drop policy if exists "token-icons: admins delete" on storage.objects;

-- The bucket is public: anyone downloads an icon by its address without a policy. Listing the
-- objects is for the admins, who clean up the icons of a deleted or re-iconed sheet.
create policy "token-icons: admins read"
  on storage.objects for select to authenticated
  using (bucket_id = 'token-icons' and (select public.has_role((select auth.uid()), 'admin')));

-- Only admins upload icons.
create policy "token-icons: admins insert"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'token-icons' and (select public.has_role((select auth.uid()), 'admin'))
  );

-- Only admins replace icons, and they stay in the bucket.
create policy "token-icons: admins update"
  on storage.objects for update to authenticated
  using (bucket_id = 'token-icons' and (select public.has_role((select auth.uid()), 'admin')))
  with check (
    bucket_id = 'token-icons' and (select public.has_role((select auth.uid()), 'admin'))
  );

-- Only admins remove icons.
create policy "token-icons: admins delete"
  on storage.objects for delete to authenticated
  using (bucket_id = 'token-icons' and (select public.has_role((select auth.uid()), 'admin')));

-- ---------------------------------------------------------------------------------------------
-- The checks of one value

-- Raises 22023 unless `_value` is a trimmed, non-empty text of at most `_max` characters that
-- does not read like a placeholder; null (or absent) passes when `_optional`.
create function private.check_sheet_text(
  _value jsonb,
  _field text,
  _max integer,
  _optional boolean default false
)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  _text text;
begin
  if _value is null or pg_catalog.jsonb_typeof(_value) = 'null' then
    if _optional then
      return null;
    end if;
    raise exception '%: missing', _field using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(_value) <> 'string' then
    raise exception '%: must be a string', _field using errcode = '22023';
  end if;
  _text := _value #>> '{}';
  if _text !~ '\S' then
    raise exception '%: is empty', _field using errcode = '22023';
  end if;
  if _text ~ '^\s' or _text ~ '\s$' then
    raise exception '%: has leading or trailing spaces', _field using errcode = '22023';
  end if;
  if pg_catalog.char_length(_text) > _max then
    raise exception '%: is % characters long (at most %)',
      _field, pg_catalog.char_length(_text), _max using errcode = '22023';
  end if;
  if _text ~ '\m(TODO|TBD|FIXME|XXX)\M' or _text ~ '[Ll]orem ipsum' then
    raise exception '%: looks like a placeholder', _field using errcode = '22023';
  end if;
  return _text;
end
$$;
revoke execute on function private.check_sheet_text(jsonb, text, integer, boolean)
  from public, anon, authenticated;

-- Raises 22023 unless `_value` is a list of 1 to 20 texts of at most 2,000 characters each.
create function private.check_sheet_list(_value jsonb, _field text)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  _items text[] := '{}';
  _count integer;
  _index integer;
begin
  if _value is null or pg_catalog.jsonb_typeof(_value) = 'null' then
    raise exception '%: missing', _field using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(_value) <> 'array' then
    raise exception '%: must be a list of strings', _field using errcode = '22023';
  end if;
  _count := pg_catalog.jsonb_array_length(_value);
  if _count < 1 or _count > 20 then
    raise exception '%: has % items (expected 1 to 20)', _field, _count using errcode = '22023';
  end if;
  for _index in 0 .. _count - 1 loop
    _items := _items || private.check_sheet_text(
      _value -> _index, pg_catalog.format('%s[%s]', _field, _index), 2000
    );
  end loop;
  return _items;
end
$$;
revoke execute on function private.check_sheet_list(jsonb, text) from public, anon, authenticated;

-- Raises 22023 when `_object` has a key outside `_allowed`.
create function private.check_sheet_keys(_object jsonb, _field text, _allowed text[])
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  _key text;
begin
  select k into _key
  from pg_catalog.jsonb_object_keys(_object) as k
  where k <> all (_allowed)
  order by k
  limit 1;
  if _key is not null then
    raise exception '%: unknown field (expected one of: %)',
      case when _field = '' then _key else _field || '.' || _key end,
      pg_catalog.array_to_string(_allowed, ', ') using errcode = '22023';
  end if;
end
$$;
revoke execute on function private.check_sheet_keys(jsonb, text, text[])
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The list of sheets

-- Every sheet with how many of its texts are written (11 sections in 3 languages: 33), for the
-- admin's list, in one small answer rather than every text of every sheet. Admins only (42501).
create function public.admin_token_overview()
returns table (
  id text,
  symbol text,
  name text,
  rank integer,
  last_reviewed date,
  icon_path text,
  updated_at timestamptz,
  sections_filled integer
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may list the sheets this way.' using errcode = '42501';
  end if;
  return query
    select
      t.id, t.symbol, t.name, t.rank, t.last_reviewed, t.icon_path, t.updated_at,
      coalesce((
        select sum(
          (coalesce(tt.about, '') ~ '\S')::integer
          + (coalesce(tt.quick_summary, '') ~ '\S')::integer
          + (pg_catalog.cardinality(tt.use_cases) > 0)::integer
          + (pg_catalog.cardinality(tt.strengths) > 0)::integer
          + (pg_catalog.cardinality(tt.challenges) > 0)::integer
          + (coalesce(tt.how_to_buy, '') ~ '\S')::integer
          + (coalesce(tt.how_to_store, '') ~ '\S')::integer
          + (pg_catalog.cardinality(tt.common_mistakes) > 0)::integer
          + (coalesce(tt.history, '') ~ '\S')::integer
          + (coalesce(tt.technology, '') ~ '\S')::integer
          + (coalesce(tt.ecosystem, '') ~ '\S')::integer
        )::integer
        from public.token_translations as tt
        where tt.token_id = t.id and tt.language in ('fr', 'en', 'es')
      ), 0)
    from public.tokens as t
    order by t.rank nulls last, t.id;
end
$$;
revoke execute on function public.admin_token_overview() from public, anon, authenticated;
grant execute on function public.admin_token_overview() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Saving a sheet

-- Creates (`_original_id` null) or updates (`_original_id` = the sheet's id) a sheet with its
-- three languages, in one transaction; returns the sheet's id. `_token` has the shape of a
-- content/tokens/<id>.json file, plus an optional `icon_path` (the uploaded icon's object name
-- in `token-icons`, null to remove it; absent keeps the current one). Admins only (42501);
-- a problem in the sheet is 22023, an id already taken 23505, an unknown `_original_id` P0002.
create function public.admin_save_token(_original_id text, _token jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  _languages constant text[] := array['fr', 'en', 'es'];
  _in_depth constant text[] := array['history', 'technology', 'ecosystem'];
  _in_depth_rank constant integer := 50;
  _provider_page constant text := 'https://www.coingecko.com/en/coins/';
  _id text;
  _symbol text;
  _name text;
  _rank integer;
  _links jsonb;
  _website text;
  _whitepaper text;
  _reviewed_text text;
  _reviewed date;
  _icon text;
  _keep_icon boolean;
  _translations jsonb;
  _text jsonb;
  _language text;
  _field text;
  _section text;
  _present integer;
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may save token sheets.' using errcode = '42501';
  end if;
  if _token is null or pg_catalog.jsonb_typeof(_token) <> 'object' then
    raise exception 'The sheet must be a JSON object.' using errcode = '22023';
  end if;
  perform private.check_sheet_keys(
    _token, '',
    array['id', 'symbol', 'name', 'rank', 'links', 'last_reviewed', 'translations', 'icon_path']
  );

  _id := private.check_sheet_text(_token -> 'id', 'id', 100);
  if _id !~ '^[a-z0-9][a-z0-9._-]*$' then
    raise exception 'id: is not a CoinGecko id (lowercase, a-z0-9._-)' using errcode = '22023';
  end if;
  if _original_id is not null and _id <> _original_id then
    raise exception 'id: a sheet''s id cannot change (it is the provider''s id)'
      using errcode = '22023';
  end if;

  _symbol := private.check_sheet_text(_token -> 'symbol', 'symbol', 20);
  if _symbol <> pg_catalog.upper(_symbol) then
    raise exception 'symbol: must be upper case' using errcode = '22023';
  end if;
  _name := private.check_sheet_text(_token -> 'name', 'name', 100);
  if pg_catalog.jsonb_typeof(_token -> 'rank') is distinct from 'number'
    or (_token ->> 'rank') !~ '^[0-9]{1,9}$' or (_token ->> 'rank')::integer < 1 then
    raise exception 'rank: must be an integer of at least 1' using errcode = '22023';
  end if;
  _rank := (_token ->> 'rank')::integer;

  _links := _token -> 'links';
  if _links is null or pg_catalog.jsonb_typeof(_links) <> 'object' then
    raise exception 'links: missing' using errcode = '22023';
  end if;
  perform private.check_sheet_keys(_links, 'links', array['website', 'whitepaper', 'provider']);
  _website := private.check_sheet_text(_links -> 'website', 'links.website', 500);
  if _website !~ '^https://\S+$' then
    raise exception 'links.website: must be an https:// URL' using errcode = '22023';
  end if;
  _whitepaper := private.check_sheet_text(_links -> 'whitepaper', 'links.whitepaper', 500, true);
  if _whitepaper !~ '^https://\S+$' then
    raise exception 'links.whitepaper: must be an https:// URL' using errcode = '22023';
  end if;
  if (_links ->> 'provider') is distinct from _provider_page || _id then
    raise exception 'links.provider: must be %', _provider_page || _id using errcode = '22023';
  end if;

  _reviewed_text := private.check_sheet_text(_token -> 'last_reviewed', 'last_reviewed', 10);
  if _reviewed_text !~ '^\d{4}-\d{2}-\d{2}$' then
    raise exception 'last_reviewed: must be a real date written YYYY-MM-DD' using errcode = '22023';
  end if;
  begin
    _reviewed := _reviewed_text::date;
  exception when others then
    raise exception 'last_reviewed: must be a real date written YYYY-MM-DD'
      using errcode = '22023';
  end;

  _keep_icon := not (_token ? 'icon_path');
  if not _keep_icon then
    _icon := private.check_sheet_text(_token -> 'icon_path', 'icon_path', 200, true);
    if _icon is not null and (
      not pg_catalog.starts_with(_icon, _id || '/')
      or _icon !~ '^[a-z0-9][a-z0-9._-]*/[a-z0-9][a-z0-9._-]*\.png$'
      or not exists (
        select 1 from storage.objects as o where o.bucket_id = 'token-icons' and o.name = _icon
      )
    ) then
      raise exception 'icon_path: not an uploaded icon of this sheet' using errcode = '22023';
    end if;
  end if;

  _translations := _token -> 'translations';
  if _translations is null or pg_catalog.jsonb_typeof(_translations) <> 'object' then
    raise exception 'translations: missing' using errcode = '22023';
  end if;
  perform private.check_sheet_keys(_translations, 'translations', _languages);
  foreach _language in array _languages loop
    _field := 'translations.' || _language;
    _text := _translations -> _language;
    if _text is null or pg_catalog.jsonb_typeof(_text) <> 'object' then
      raise exception '%: missing (every entry needs fr, en and es)', _field
        using errcode = '22023';
    end if;
    perform private.check_sheet_keys(
      _text, _field,
      array['about', 'quick_summary', 'use_cases', 'strengths', 'challenges', 'how_to_buy',
            'how_to_store', 'common_mistakes', 'history', 'technology', 'ecosystem']
    );
    perform private.check_sheet_text(_text -> 'about', _field || '.about', 10000);
    perform private.check_sheet_text(_text -> 'quick_summary', _field || '.quick_summary', 1000);
    perform private.check_sheet_list(_text -> 'use_cases', _field || '.use_cases');
    perform private.check_sheet_list(_text -> 'strengths', _field || '.strengths');
    perform private.check_sheet_list(_text -> 'challenges', _field || '.challenges');
    perform private.check_sheet_text(_text -> 'how_to_buy', _field || '.how_to_buy', 10000);
    perform private.check_sheet_text(_text -> 'how_to_store', _field || '.how_to_store', 10000);
    perform private.check_sheet_list(_text -> 'common_mistakes', _field || '.common_mistakes');
    foreach _section in array _in_depth loop
      if _rank <= _in_depth_rank
        and coalesce(pg_catalog.jsonb_typeof(_text -> _section), 'null') = 'null' then
        raise exception '%.%: missing (required for the top %)', _field, _section, _in_depth_rank
          using errcode = '22023';
      end if;
      perform private.check_sheet_text(_text -> _section, _field || '.' || _section, 10000, true);
    end loop;
  end loop;
  -- The in-depth sections exist in all three languages or in none.
  foreach _section in array _in_depth loop
    select count(*) into _present
    from pg_catalog.unnest(_languages) as l
    where coalesce(pg_catalog.jsonb_typeof(_translations -> l -> _section), 'null')
      <> 'null';
    if _present not in (0, 3) then
      raise exception 'translations.*.%: present in some languages only', _section
        using errcode = '22023';
    end if;
  end loop;

  if _original_id is null then
    if exists (select 1 from public.tokens where id = _id) then
      raise exception 'id: a sheet with the id % already exists', _id using errcode = '23505';
    end if;
    insert into public.tokens
      (id, symbol, name, rank, website_url, whitepaper_url, provider_url, last_reviewed,
       icon_path)
    values
      (_id, _symbol, _name, _rank, _website, _whitepaper, _provider_page || _id, _reviewed,
       _icon);
  else
    update public.tokens
      set symbol = _symbol, name = _name, rank = _rank, website_url = _website,
          whitepaper_url = _whitepaper, provider_url = _provider_page || _id,
          last_reviewed = _reviewed,
          icon_path = case when _keep_icon then icon_path else _icon end
      where id = _original_id;
    if not found then
      raise exception 'No sheet has the id %.', _original_id using errcode = 'P0002';
    end if;
  end if;

  insert into public.token_translations as tt
    (token_id, language, about, quick_summary, use_cases, strengths, challenges, how_to_buy,
     how_to_store, common_mistakes, history, technology, ecosystem)
  select
    _id, l, t ->> 'about', t ->> 'quick_summary',
    array(select pg_catalog.jsonb_array_elements_text(t -> 'use_cases')),
    array(select pg_catalog.jsonb_array_elements_text(t -> 'strengths')),
    array(select pg_catalog.jsonb_array_elements_text(t -> 'challenges')),
    t ->> 'how_to_buy', t ->> 'how_to_store',
    array(select pg_catalog.jsonb_array_elements_text(t -> 'common_mistakes')),
    t ->> 'history', t ->> 'technology', t ->> 'ecosystem'
  from pg_catalog.unnest(_languages) as l
  cross join lateral (select _translations -> l as t) as x
  on conflict (token_id, language) do update
    set about = excluded.about, quick_summary = excluded.quick_summary,
        use_cases = excluded.use_cases, strengths = excluded.strengths,
        challenges = excluded.challenges, how_to_buy = excluded.how_to_buy,
        how_to_store = excluded.how_to_store, common_mistakes = excluded.common_mistakes,
        history = excluded.history, technology = excluded.technology,
        ecosystem = excluded.ecosystem;
  -- A sheet holds exactly the three languages.
  delete from public.token_translations where token_id = _id and language <> all (_languages);
  return _id;
end
$$;
revoke execute on function public.admin_save_token(text, jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_token(text, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Deleting a sheet

-- Deletes a sheet with its texts and its market row; users who kept it among their favourites
-- lose it from their list (the foreign keys cascade: a favourite of a sheet that no longer
-- exists would show nothing). The icon files are the storage API's to remove, not SQL's: the
-- admin page removes the sheet's folder of `token-icons` afterwards. Admins only (42501); an
-- unknown id is P0002.
create function public.admin_delete_token(_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may delete token sheets.' using errcode = '42501';
  end if;
  delete from public.tokens where id = _id;
  if not found then
    raise exception 'No sheet has the id %.', _id using errcode = 'P0002';
  end if;
end
$$;
revoke execute on function public.admin_delete_token(text) from public, anon, authenticated;
grant execute on function public.admin_delete_token(text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Provider look-ups

-- Counts provider calls made outside the market refresh (the admin page's "check at the
-- provider"), so that market_refresh_status.provider_calls stays true to the monthly quota.
create function public.record_provider_calls(_provider_calls integer)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.market_refresh_status
    set provider_calls = provider_calls + greatest(coalesce(_provider_calls, 0), 0);
$$;
revoke all on function public.record_provider_calls(integer) from public, anon, authenticated;
grant execute on function public.record_provider_calls(integer) to service_role;
