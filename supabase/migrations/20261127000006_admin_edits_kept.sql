-- An admin's edit of the catalogue outlives the next start. The local stack seeds content/ on
-- every start (server/seed/load.ts); without this, a term or a sheet an admin changed through
-- the API would be overwritten by its file, and one the admin deleted would come back. Every
-- write made on behalf of a signed-in user (auth.uid() set: the API, whatever the function) is
-- recorded here by entry, and the seed leaves those entries alone.

create table private.catalogue_admin_edits (
  kind text not null constraint catalogue_admin_edits_kind_check check (kind in ('term', 'token')),
  -- The term's slug or the sheet's provider id.
  key text not null,
  edited_at timestamptz not null default now(),
  primary key (kind, key)
);
alter table private.catalogue_admin_edits enable row level security;
revoke all on table private.catalogue_admin_edits from public, anon, authenticated, service_role;

create function private.record_catalogue_edit(_kind text, _key text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.catalogue_admin_edits (kind, key) values (_kind, _key)
  on conflict (kind, key) do update set edited_at = now();
$$;
revoke all on function private.record_catalogue_edit(text, text) from public;

create function private.remember_term_edit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Only writes on behalf of a user: the seed and the command-line tools run without one.
  if auth.uid() is null then
    return null;
  end if;
  if tg_table_name = 'terms' then
    if tg_op in ('UPDATE', 'DELETE') then
      perform private.record_catalogue_edit('term', old.slug);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      perform private.record_catalogue_edit('term', new.slug);
    end if;
  else
    perform private.record_catalogue_edit('term', t.slug)
    from public.terms as t
    where t.id = (case when tg_op = 'DELETE' then old.term_id else new.term_id end);
  end if;
  return null;
end
$$;
revoke all on function private.remember_term_edit() from public;

create function private.remember_token_edit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    return null;
  end if;
  if tg_table_name = 'tokens' then
    if tg_op in ('UPDATE', 'DELETE') then
      perform private.record_catalogue_edit('token', old.id);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      perform private.record_catalogue_edit('token', new.id);
    end if;
  else
    perform private.record_catalogue_edit(
      'token', case when tg_op = 'DELETE' then old.token_id else new.token_id end
    );
  end if;
  return null;
end
$$;
revoke all on function private.remember_token_edit() from public;

create trigger terms_remember_admin_edit
  after insert or update or delete on public.terms
  for each row execute function private.remember_term_edit();
create trigger term_translations_remember_admin_edit
  after insert or update or delete on public.term_translations
  for each row execute function private.remember_term_edit();
create trigger tokens_remember_admin_edit
  after insert or update or delete on public.tokens
  for each row execute function private.remember_token_edit();
create trigger token_translations_remember_admin_edit
  after insert or update or delete on public.token_translations
  for each row execute function private.remember_token_edit();
