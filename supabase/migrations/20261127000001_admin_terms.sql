-- The dictionary admin's writes: a term and its three languages saved in one call, and a
-- deletion that first takes the term out of the other terms' related lists. Admins only.
--
-- The editor checks every rule of a term first (shared/content/termRules.ts, the rules of
-- `npm run content:check`); these functions check again what SQL checks cheaply, so that no
-- client can store a term the rules refuse: the three languages, texts present, not blank, not
-- padded with spaces and within the columns' limits, a body of 80 to 250 words, a slug of
-- lower-case words joined by "-", a known category, and 2 to 5 distinct related terms that
-- exist and are not the term itself. A refused term raises 22023 with a message naming the
-- field (`translations.es.body: has 12 words (expected 80 to 250).`). Placeholders (TODO,
-- lorem ipsum) are left to the editor and the content check.
--
-- Both functions take the same transaction lock first, so that a term saved with a related
-- slug and the deletion of that related term run one after the other: no related list ever
-- names a term that is gone.

-- ---------------------------------------------------------------------------------------------
-- Text rules (private: called by the SECURITY DEFINER functions below, which run as the owner)

-- What JavaScript's \s matches (and String.prototype.trim removes), spelled out: [[:space:]]
-- depends on the database's locale, and the same text must pass or fail on both sides.
create function private.js_space_class()
returns text
language sql
immutable
set search_path = ''
as $$
  select '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
$$;
revoke execute on function private.js_space_class() from public, anon, authenticated;

-- Words as countWords in shared/content/textRules.ts counts them: runs between spaces that hold
-- a letter or a digit. The letters are spelled out for the same reason as the spaces (a C
-- locale's [[:alnum:]] knows no "à"): exact for the Latin, Greek and Cyrillic scripts the
-- content is written in, close for the others. tests/server/admin-terms.test.ts compares both
-- counts on every body of content/terms.
create function private.count_words(_text text)
returns integer
language sql
immutable
strict
set search_path = ''
as $$
  select count(*)::integer
  from pg_catalog.regexp_split_to_table(_text, private.js_space_class() || '+') as w (word)
  where w.word ~ ('[0-9A-Za-z\u00aa\u00b2\u00b3\u00b5\u00b9\u00ba\u00bc-\u00be\u00c0-\u00d6'
                  '\u00d8-\u00f6\u00f8-\u02c1\u0370-\u0373\u0376\u0377\u037b-\u037d\u0386'
                  '\u0388-\u03ff\u0400-\u0481\u048a-\u052f\u0531-\u0556\u0561-\u0587'
                  '\u05d0-\u05ea\u0620-\u064a\u0660-\u0669\u0900-\u0dff\u0e01-\u0e30'
                  '\u1e00-\u1fbc\u2070\u2071\u2074-\u2079\u207f-\u2089\u2150-\u2189'
                  '\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3]')
$$;
revoke execute on function private.count_words(text) from public, anon, authenticated;

-- The text at `_key` of `_object`, or 22023 naming `_field` when it is absent, not a string,
-- blank, padded with spaces, or longer than `_max` characters.
create function private.required_text(_object jsonb, _key text, _field text, _max integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  _space constant text := private.js_space_class();
  _value text;
begin
  if pg_catalog.jsonb_typeof(_object -> _key) is distinct from 'string' then
    raise exception '%: missing (a text is required).', _field using errcode = '22023';
  end if;
  _value := _object ->> _key;
  if _value !~ ('[^' || substr(_space, 2)) then
    raise exception '%: is empty.', _field using errcode = '22023';
  end if;
  if _value ~ ('^' || _space || '|' || _space || '$') then
    raise exception '%: has leading or trailing spaces.', _field using errcode = '22023';
  end if;
  if pg_catalog.char_length(_value) > _max then
    raise exception '%: is % characters long (at most %).',
      _field, pg_catalog.char_length(_value), _max using errcode = '22023';
  end if;
  return _value;
end
$$;
revoke execute on function private.required_text(jsonb, text, text, integer)
  from public, anon, authenticated;

-- 22023 when `_object` has a key outside `_allowed`.
create function private.refuse_unknown_fields(_object jsonb, _field text, _allowed text[])
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  _unknown text;
begin
  select k into _unknown
  from pg_catalog.jsonb_object_keys(_object) as k
  where k <> all (_allowed)
  order by k
  limit 1;
  if _unknown is not null then
    raise exception '%: unknown field (expected one of: %).',
      case when _field = '' then _unknown else _field || '.' || _unknown end,
      pg_catalog.array_to_string(_allowed, ', ')
      using errcode = '22023';
  end if;
end
$$;
revoke execute on function private.refuse_unknown_fields(jsonb, text, text[])
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Saving a term

-- Creates (`_original_slug` null) or replaces the term `_original_slug` with `_term`:
-- {slug, category, related: [slug, ...], translations: {fr|en|es: {title, short_definition,
-- body, example}}}. Returns the saved slug. Renaming a term also renames it in the other terms'
-- related lists. Admins only (42501); a refused term 22023; a slug another term has 23505; an
-- unknown `_original_slug` P0002. The defaults let a REST call leave `_original_slug` out to
-- create (the generated types cannot say "null"); a missing `_term` is refused like any other.
create function public.admin_save_term(_original_slug text default null, _term jsonb default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  _languages constant text[] := array['fr', 'en', 'es'];
  _categories constant text[] := array[
    'technology', 'security', 'trading', 'defi', 'tokens', 'markets', 'governance'
  ];
  _slug text;
  _category text;
  _related text[];
  _unknown text;
  _texts jsonb;
  _text jsonb;
  _language text;
  _field text;
  _words integer;
  _term_id uuid;
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may write the dictionary.' using errcode = '42501';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.terms'));

  if pg_catalog.jsonb_typeof(_term) is distinct from 'object' then
    raise exception 'The term must be a JSON object.' using errcode = '22023';
  end if;
  perform private.refuse_unknown_fields(
    _term, '', array['slug', 'category', 'related', 'translations']
  );

  _slug := private.required_text(_term, 'slug', 'slug', 100);
  if _slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'slug: must be lowercase words joined by "-".' using errcode = '22023';
  end if;

  _category := private.required_text(_term, 'category', 'category', 100);
  if _category <> all (_categories) then
    raise exception 'category: is not one of: %.', pg_catalog.array_to_string(_categories, ', ')
      using errcode = '22023';
  end if;

  if pg_catalog.jsonb_typeof(_term -> 'related') is distinct from 'array'
    or exists (
      select 1 from pg_catalog.jsonb_array_elements(_term -> 'related') as e
      where pg_catalog.jsonb_typeof(e) <> 'string'
    ) then
    raise exception 'related: missing (a list of term slugs is required).' using errcode = '22023';
  end if;
  select coalesce(array_agg(r.slug order by r.n), '{}') into _related
  from pg_catalog.jsonb_array_elements_text(_term -> 'related') with ordinality as r (slug, n);
  if pg_catalog.cardinality(_related) not between 2 and 5 then
    raise exception 'related: has % items (expected 2 to 5).', pg_catalog.cardinality(_related)
      using errcode = '22023';
  end if;
  if (select count(distinct r) from unnest(_related) as r) <> pg_catalog.cardinality(_related) then
    raise exception 'related: lists the same value twice.' using errcode = '22023';
  end if;
  if _slug = any (_related) or _original_slug = any (_related) then
    raise exception 'related: a term cannot be related to itself.' using errcode = '22023';
  end if;
  select r into _unknown
  from unnest(_related) as r
  where not exists (select 1 from public.terms as t where t.slug = r)
  limit 1;
  if _unknown is not null then
    raise exception 'related: "%" is not a term.', _unknown using errcode = '22023';
  end if;

  _texts := _term -> 'translations';
  if pg_catalog.jsonb_typeof(_texts) is distinct from 'object' then
    raise exception 'translations: missing (every term needs fr, en and es).'
      using errcode = '22023';
  end if;
  perform private.refuse_unknown_fields(_texts, 'translations', _languages);
  foreach _language in array _languages loop
    _field := 'translations.' || _language;
    _text := _texts -> _language;
    if pg_catalog.jsonb_typeof(_text) is distinct from 'object' then
      raise exception '%: missing (every term needs fr, en and es).', _field
        using errcode = '22023';
    end if;
    perform private.refuse_unknown_fields(
      _text, _field, array['title', 'short_definition', 'body', 'example']
    );
    perform private.required_text(_text, 'title', _field || '.title', 200);
    perform private.required_text(_text, 'short_definition', _field || '.short_definition', 500);
    perform private.required_text(_text, 'body', _field || '.body', 10000);
    perform private.required_text(_text, 'example', _field || '.example', 2000);
    _words := private.count_words(_text ->> 'body');
    if _words not between 80 and 250 then
      raise exception '%.body: has % words (expected 80 to 250).', _field, _words
        using errcode = '22023';
    end if;
  end loop;

  if _original_slug is null then
    if exists (select 1 from public.terms where slug = _slug) then
      raise exception 'slug: "%" is already used by another term.', _slug using errcode = '23505';
    end if;
    insert into public.terms (slug, category, related_slugs)
    values (_slug, _category, _related)
    returning id into _term_id;
  else
    select id into _term_id from public.terms where slug = _original_slug;
    if _term_id is null then
      raise exception 'No term "%".', _original_slug using errcode = 'P0002';
    end if;
    if _slug <> _original_slug and exists (select 1 from public.terms where slug = _slug) then
      raise exception 'slug: "%" is already used by another term.', _slug using errcode = '23505';
    end if;
    update public.terms
    set slug = _slug, category = _category, related_slugs = _related
    where id = _term_id;
    if _slug <> _original_slug then
      update public.terms
      set related_slugs = pg_catalog.array_replace(related_slugs, _original_slug, _slug)
      where _original_slug = any (related_slugs);
    end if;
  end if;

  insert into public.term_translations as tt
    (term_id, language, title, short_definition, body, example)
  select _term_id, l.language, x.title, x.short_definition, x.body, x.example
  from unnest(_languages) as l (language)
  cross join lateral pg_catalog.jsonb_to_record(_texts -> l.language)
    as x (title text, short_definition text, body text, example text)
  on conflict (term_id, language) do update
    set title = excluded.title, short_definition = excluded.short_definition,
        body = excluded.body, example = excluded.example;
  return _slug;
end
$$;
revoke execute on function public.admin_save_term(text, jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_term(text, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Deleting a term

-- Deletes the term `_slug` (its texts cascade) after removing it from every other term's
-- related list; returns the slugs of those terms, in order, so the admin can review them (a
-- list may now be shorter than the rules want). Admins only (42501); an unknown slug P0002.
create function public.admin_delete_term(_slug text)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  _unlinked text[];
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may write the dictionary.' using errcode = '42501';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.terms'));
  if not exists (select 1 from public.terms where slug = _slug) then
    raise exception 'No term "%".', _slug using errcode = 'P0002';
  end if;

  with unlinked as (
    update public.terms
    set related_slugs = pg_catalog.array_remove(related_slugs, _slug)
    where _slug = any (related_slugs) and slug <> _slug
    returning slug
  )
  select coalesce(array_agg(slug order by slug), '{}') into _unlinked from unlinked;
  delete from public.terms where slug = _slug;
  return _unlinked;
end
$$;
revoke execute on function public.admin_delete_term(text) from public, anon, authenticated;
grant execute on function public.admin_delete_term(text) to authenticated;
