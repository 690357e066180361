-- What hosted Supabase already has, part 2: schemas, their USAGE grants and the extensions.

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role, supabase_auth_admin;
-- auth.uid() and friends are called from policies, so the API roles need USAGE on auth; its
-- tables stay ungranted.
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
grant usage on schema storage to anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- Supabase Realtime's publication: migrations run `alter publication supabase_realtime add
-- table ...`, which fails when it does not exist.
do $publication$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$publication$;

-- Where the Supabase CLI records applied migrations (`supabase migration list` reads it).
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
revoke all on schema supabase_migrations from public;
revoke all on table supabase_migrations.schema_migrations from anon, authenticated, service_role;
