-- Roles and profiles: who a user is and whether they are an admin.
--
-- Conventions for every migration of this project (they apply unchanged on hosted Supabase):
-- * RLS is enabled right after each `create table`;
-- * privileges are revoked first, then granted explicitly: hosted Supabase no longer grants new
--   public tables to the API roles, and older projects still do, so neither is relied upon;
-- * `security definer` functions pin `search_path = ''` and qualify every name;
-- * internals no client calls live in the `private` schema, which the API roles cannot use.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
comment on schema private is
  'Trigger functions and helpers of the granted public functions; not reachable by API roles.';

-- Keeps updated_at honest on every update, whatever the client sends.
create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.set_updated_at() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Roles

create type public.app_role as enum ('admin', 'user');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);
alter table public.user_roles enable row level security;
revoke all on table public.user_roles from anon, authenticated, service_role;
grant select on table public.user_roles to authenticated;
grant select, insert, update, delete on table public.user_roles to service_role;

-- Does this user hold this role? SECURITY DEFINER so that policies calling it do not re-enter
-- the policies of user_roles. Callable by anon and authenticated (the client asks
-- `rpc('has_role', ...)`): it answers only about the id it is given and reveals nothing else.
create function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles
    where user_id = _user_id
      and role = _role
  )
$$;
revoke execute on function public.has_role(uuid, public.app_role) from public, anon, authenticated;
grant execute on function public.has_role(uuid, public.app_role)
  to anon, authenticated, service_role;

-- A user reads their own roles.
create policy "user_roles: owner reads own rows"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()));

-- An admin reads everyone's roles. Changes go through public.admin_set_role only.
create policy "user_roles: admins read all rows"
  on public.user_roles for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

-- ---------------------------------------------------------------------------------------------
-- Profiles

create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  full_name text constraint profiles_full_name_length check (char_length(full_name) <= 100),
  bio text constraint profiles_bio_length check (char_length(bio) <= 500),
  avatar_url text constraint profiles_avatar_url_length check (char_length(avatar_url) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.profiles enable row level security;
revoke all on table public.profiles from anon, authenticated, service_role;
-- Rows are created by the sign-up trigger and deleted with the auth user: clients only read and
-- edit the display fields.
grant select, update (full_name, bio, avatar_url) on table public.profiles to authenticated;
grant select, insert, update, delete on table public.profiles to service_role;

-- A user reads their own profile.
create policy "profiles: owner reads own row"
  on public.profiles for select to authenticated
  using (user_id = (select auth.uid()));

-- An admin reads every profile.
create policy "profiles: admins read all rows"
  on public.profiles for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

-- A user edits their own profile and cannot hand it to someone else.
create policy "profiles: owner updates own row"
  on public.profiles for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- Every new auth user gets a profile (name from the sign-up metadata) and the 'user' role.
-- SECURITY DEFINER: GoTrue inserts users as supabase_auth_admin, which has no right on public.
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, full_name)
  values (
    new.id,
    left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 100)
  )
  on conflict (user_id) do nothing;

  insert into public.user_roles (user_id, role)
  values (new.id, 'user')
  on conflict (user_id, role) do nothing;

  return new;
end
$$;
revoke execute on function private.handle_new_user() from public, anon, authenticated;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();
