-- The content generator's drafts: one draft holds the three languages of one piece of content
-- (a dictionary term, or one text section of a token sheet), written by the `generate-content`
-- function as the admin who asked for it, reviewed and edited by admins, then published into
-- the catalogue by `admin_publish_draft` or discarded (status 'rejected').
--
-- `generated_content` held one language per row (`language`); nothing wrote it before the
-- generator. Rows that exist are kept: their payload is folded under their language
-- ({"en": <payload>}) and the column is dropped.
--
-- A draft's life: 'draft' (created by insert; its payload may be edited) -> 'published' (only
-- through admin_publish_draft, in the same transaction as the catalogue write) or 'rejected'
-- (an admin's update). A published or rejected draft no longer changes; admins may delete it.

-- ---------------------------------------------------------------------------------------------
-- The table's new shape

alter table public.generated_content
  add column kind text,
  add column topic text not null default ''
    constraint generated_content_topic_length check (char_length(topic) <= 300),
  -- The sheet a token section is for; set null if the sheet is deleted (the draft can then no
  -- longer be published, but its text is not lost).
  add column token_id text references public.tokens (id) on delete set null,
  add column section text,
  add column updated_at timestamptz not null default now(),
  add column published_at timestamptz;

update public.generated_content
set payload = jsonb_build_object(language, payload),
    kind = case when target like 'term:%' then 'term' else 'tokenSection' end;

alter table public.generated_content
  drop column language,
  alter column kind set not null,
  add constraint generated_content_kind_check check (kind in ('term', 'tokenSection')),
  -- Only token sections name a sheet and a section.
  add constraint generated_content_term_has_no_section
    check (kind = 'tokenSection' or (token_id is null and section is null)),
  -- The text sections of token_translations; the publish function writes only these columns.
  add constraint generated_content_section_check check (
    section is null or section in (
      'about', 'quick_summary', 'use_cases', 'strengths', 'challenges', 'how_to_buy',
      'how_to_store', 'common_mistakes', 'history', 'technology', 'ecosystem'
    )
  ),
  add constraint generated_content_payload_object check (jsonb_typeof(payload) = 'object'),
  -- Three languages of a term stay far below this; it keeps a runaway answer out of the table.
  add constraint generated_content_payload_size check (octet_length(payload::text) <= 200000),
  add constraint generated_content_published_at_check
    check ((status = 'published') = (published_at is not null));

-- The drafts list, newest first.
create index generated_content_created_at_idx on public.generated_content (created_at desc);
create index generated_content_token_id_idx on public.generated_content (token_id);

-- Admins create drafts (through the function, as themselves) and change only the payload and
-- the status; the rest is fixed when the draft is written.
revoke all on table public.generated_content from authenticated;
grant select, delete on table public.generated_content to authenticated;
grant insert (kind, target, topic, token_id, section, payload, model)
  on table public.generated_content to authenticated;
grant update (payload, status) on table public.generated_content to authenticated;

-- Keeps the life of a draft: inserted as a draft; changed only while a draft; published only by
-- admin_publish_draft (which says so for the one draft it publishes, for this transaction), so
-- that 'published' always means "written into the catalogue".
create function private.guard_generated_content()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'draft' then
      raise exception 'A new draft has the status draft.' using errcode = '22023';
    end if;
    new.published_at := null;
    return new;
  end if;
  if old.status <> 'draft' then
    raise exception 'This draft is % and can no longer change.', old.status
      using errcode = '55000';
  end if;
  if new.status = 'published'
     and current_setting('blockademia.publishing_draft', true) is distinct from new.id::text then
    raise exception 'Drafts are published with admin_publish_draft, which writes the catalogue.'
      using errcode = '42501';
  end if;
  new.updated_at := now();
  new.published_at := case when new.status = 'published' then now() end;
  return new;
end
$$;
revoke execute on function private.guard_generated_content() from public, anon, authenticated;

create trigger generated_content_guard
  before insert or update on public.generated_content
  for each row execute function private.guard_generated_content();

-- ---------------------------------------------------------------------------------------------
-- Publishing

-- Writes a draft, as edited by the admin (_payload), into the catalogue and marks it published,
-- in one transaction. Admins only (42501). SECURITY INVOKER: every write goes through the
-- caller's own rights and the tables' admin policies.
--   term:         _payload = {slug, category, related, translations: {fr|en|es: {title,
--                 short_definition, body, example}}}, created with admin_save_term(null, ...),
--                 which validates it. A slug that already names a term is refused (23505): the
--                 generator creates terms; changing an existing one is the terms page's work.
--   tokenSection: _payload = {fr, en, es}, each a text (text sections) or a list of 1 to 20
--                 texts (list sections), written into token_translations.<section> of the
--                 draft's sheet for the three languages (rows created when missing).
-- Returns {kind, slug} or {kind, token_id, section}. Errors: P0002 no such draft or sheet,
-- 55000 the draft is no longer a draft, 22023 a payload of the wrong shape.
create function public.admin_publish_draft(_id uuid, _payload jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  _draft public.generated_content;
  _slug text;
  _language text;
  _value jsonb;
  _item jsonb;
  _is_list boolean;
  _max integer;
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may publish drafts.' using errcode = '42501';
  end if;
  if _id is null or _payload is null or jsonb_typeof(_payload) <> 'object' then
    raise exception 'A draft id and a JSON object are required.' using errcode = '22023';
  end if;

  select * into _draft from public.generated_content where id = _id for update;
  if not found then
    raise exception 'No such draft.' using errcode = 'P0002';
  end if;
  if _draft.status <> 'draft' then
    raise exception 'This draft is % and can no longer be published.', _draft.status
      using errcode = '55000';
  end if;

  if _draft.kind = 'term' then
    _slug := _payload ->> 'slug';
    if exists (select 1 from public.terms where slug = _slug) then
      raise exception 'A term with the slug % already exists.', _slug using errcode = '23505';
    end if;
    _slug := public.admin_save_term(null, _payload);
  else
    if _draft.token_id is null or _draft.section is null
       or not exists (select 1 from public.tokens where id = _draft.token_id) then
      raise exception 'The sheet of this draft no longer exists.' using errcode = 'P0002';
    end if;
    if exists (select 1 from jsonb_object_keys(_payload) as k where k not in ('fr', 'en', 'es')) then
      raise exception 'A section holds the languages fr, en and es only.' using errcode = '22023';
    end if;
    _is_list := _draft.section in ('use_cases', 'strengths', 'challenges', 'common_mistakes');
    -- The lengths of shared/content/tokenRules.ts (TOKEN_SECTION_MAX_LENGTH).
    _max := case when _draft.section = 'quick_summary' then 1000 else 10000 end;
    foreach _language in array array['fr', 'en', 'es'] loop
      _value := _payload -> _language;
      if _is_list then
        if _value is null or jsonb_typeof(_value) <> 'array'
           or jsonb_array_length(_value) not between 1 and 20 then
          raise exception 'The % list must hold 1 to 20 texts.', _language using errcode = '22023';
        end if;
        for _item in select * from jsonb_array_elements(_value) loop
          if jsonb_typeof(_item) <> 'string' or btrim(_item #>> '{}') = ''
             or btrim(_item #>> '{}') <> _item #>> '{}' or char_length(_item #>> '{}') > 2000 then
            raise exception 'Each % item is a trimmed, non-empty text of at most 2000 characters.',
              _language using errcode = '22023';
          end if;
        end loop;
        execute format(
          'insert into public.token_translations as t (token_id, language, %1$I)
             values ($1, $2, array(select jsonb_array_elements_text($3)))
           on conflict (token_id, language) do update set %1$I = excluded.%1$I',
          _draft.section
        ) using _draft.token_id, _language, _value;
      else
        if _value is null or jsonb_typeof(_value) <> 'string' or btrim(_value #>> '{}') = ''
           or btrim(_value #>> '{}') <> _value #>> '{}' or char_length(_value #>> '{}') > _max then
          raise exception 'The % text is a trimmed, non-empty text of at most % characters.',
            _language, _max using errcode = '22023';
        end if;
        execute format(
          'insert into public.token_translations as t (token_id, language, %1$I)
             values ($1, $2, $3)
           on conflict (token_id, language) do update set %1$I = excluded.%1$I',
          _draft.section
        ) using _draft.token_id, _language, _value #>> '{}';
      end if;
    end loop;
  end if;

  perform pg_catalog.set_config('blockademia.publishing_draft', _id::text, true);
  update public.generated_content
  set payload = _payload, status = 'published'
  where id = _id;
  perform pg_catalog.set_config('blockademia.publishing_draft', '', true);

  if _draft.kind = 'term' then
    return jsonb_build_object('kind', 'term', 'slug', _slug);
  end if;
  return jsonb_build_object(
    'kind', 'tokenSection', 'token_id', _draft.token_id, 'section', _draft.section
  );
end
$$;
revoke execute on function public.admin_publish_draft(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.admin_publish_draft(uuid, jsonb) to authenticated;
