-- Nobody but an admin can tell who the admins are. Two answers used to combine into that list:
-- listing the public `avatars` bucket showed every user's folder (named after their id), and
-- has_role answered for any id. Now a listing shows a person their own folder only, and
-- has_role answers an API caller about their own id only, unless the caller is an admin.

-- ---------------------------------------------------------------------------------------------
-- has_role

-- Same signature, so the grants, the policies calling it and the generated types stay as they
-- are. An API caller (the request's role is `anon` or `authenticated`) who is not an admin may
-- ask about their own id only, which is all the policies and the app ever ask: any other id is
-- refused with 42501 rather than answered `false`, since `false` about an admin would be a
-- wrong answer a client could cache, and cannot be told apart from "not an admin". The service
-- role, and SQL run outside a request (migrations, the admin CLI, tests), are answered about
-- anyone.
--
-- The request's role is read from the `role` setting: inside a SECURITY DEFINER function
-- current_user is the owner, while the setting still holds the role PostgREST (and storage)
-- switched to for the request.
create or replace function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _caller uuid := auth.uid();
begin
  if _user_id is distinct from _caller
    and pg_catalog.current_setting('role', true) in ('anon', 'authenticated')
    and not exists (
      select 1 from public.user_roles where user_id = _caller and role = 'admin'
    )
  then
    raise exception 'has_role answers only about the caller''s own id.'
      using errcode = '42501',
            hint = 'Pass auth.uid() as _user_id.';
  end if;

  return exists (
    select 1
    from public.user_roles
    where user_id = _user_id
      and role = _role
  );
end
$$;
revoke execute on function public.has_role(uuid, public.app_role) from public, anon, authenticated;
grant execute on function public.has_role(uuid, public.app_role)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Avatars

-- Public URLs (`/object/public/avatars/<id>/<file>`) keep serving every avatar: storage reads
-- the objects of a public bucket without RLS. Only listing, and the other reads that go
-- through RLS, are narrowed.
drop policy if exists "avatars: anyone reads" on storage.objects;
drop policy if exists "avatars: owner reads own folder" on storage.objects;

-- A signed-in user lists and reads only their own folder; a visitor lists nothing.
create policy "avatars: owner reads own folder"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );
