-- Account functions: a user's export and deletion of their own data, and the admin's view of
-- users and roles. All SECURITY DEFINER with an empty search_path, executable by authenticated
-- only; each one acts on auth.uid(), never on an id passed by the client, except the admin
-- functions, which first check that the caller is an admin.

-- Every row the signed-in user owns, as one JSON document (the GDPR export).
create function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _user_id uuid := auth.uid();
begin
  if _user_id is null then
    raise exception 'Sign in to export your data.' using errcode = '42501';
  end if;

  return jsonb_build_object(
    'exported_at', now(),
    'user', (
      select jsonb_build_object(
        'id', u.id,
        'email', u.email,
        'created_at', u.created_at,
        'last_sign_in_at', u.last_sign_in_at,
        'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb)
      )
      from auth.users as u
      where u.id = _user_id
    ),
    'profile', (
      select to_jsonb(p) from public.profiles as p where p.user_id = _user_id
    ),
    'roles', coalesce((
      select jsonb_agg(r.role order by r.role) from public.user_roles as r where r.user_id = _user_id
    ), '[]'::jsonb),
    'favorites', coalesce((
      select jsonb_agg(to_jsonb(f) order by f.created_at, f.token_id)
      from public.favorites as f
      where f.user_id = _user_id
    ), '[]'::jsonb),
    'contact_messages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.id)
      from public.contact_messages as m
      where m.user_id = _user_id
    ), '[]'::jsonb),
    'learning_progress', coalesce((
      select jsonb_agg(to_jsonb(lp) order by lp.started_at, lp.module_id)
      from public.learning_progress as lp
      where lp.user_id = _user_id
    ), '[]'::jsonb),
    'quiz_attempts', coalesce((
      select jsonb_agg(to_jsonb(qa) order by qa.created_at, qa.id)
      from public.quiz_attempts as qa
      where qa.user_id = _user_id
    ), '[]'::jsonb),
    'badges', coalesce((
      select jsonb_agg(to_jsonb(b) order by b.awarded_at, b.module_id)
      from public.user_badges as b
      where b.user_id = _user_id
    ), '[]'::jsonb)
  );
end
$$;
revoke execute on function public.export_my_data() from public, anon, authenticated;
grant execute on function public.export_my_data() to authenticated;

-- Deletes the signed-in user's account: their contact messages, then the auth user, which
-- cascades to the profile, roles, favourites, progress, attempts, badges, sessions and
-- identities. Drafts they wrote as an admin stay, without author. Files in storage are removed
-- by the storage API (the client deletes its avatar first), not by SQL. The last admin cannot
-- delete their account: the project would be left without an admin.
create function public.delete_my_account()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _user_id uuid := auth.uid();
begin
  if _user_id is null then
    raise exception 'Sign in to delete your account.' using errcode = '42501';
  end if;

  -- Serialises with admin_set_role, so two admins cannot leave the project without one.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.user_roles:admin'));
  if public.has_role(_user_id, 'admin') and not exists (
    select 1 from public.user_roles where role = 'admin' and user_id <> _user_id
  ) then
    raise exception 'The last admin cannot delete their account: make someone else admin first.'
      using errcode = 'P0001';
  end if;

  delete from public.contact_messages where user_id = _user_id;
  delete from auth.users where id = _user_id;
end
$$;
revoke execute on function public.delete_my_account() from public, anon, authenticated;
grant execute on function public.delete_my_account() to authenticated;

-- Every user with their roles, for the admin screen. Admins only (42501 otherwise).
create function public.admin_list_users()
returns table (
  id uuid,
  email text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  roles public.app_role[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may list users.' using errcode = '42501';
  end if;

  return query
    select
      u.id,
      u.email::text,
      u.created_at,
      u.last_sign_in_at,
      coalesce(
        array_agg(r.role order by r.role) filter (where r.role is not null),
        '{}'::public.app_role[]
      )
    from auth.users as u
    left join public.user_roles as r on r.user_id = u.id
    group by u.id
    order by u.created_at, u.id;
end
$$;
revoke execute on function public.admin_list_users() from public, anon, authenticated;
grant execute on function public.admin_list_users() to authenticated;

-- Grants (_granted = true) or revokes a role; returns the user's roles afterwards. Admins only
-- (42501 otherwise). An admin cannot revoke their own admin role, so at least one admin stays.
create function public.admin_set_role(_user_id uuid, _role public.app_role, _granted boolean)
returns public.app_role[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  _caller uuid := auth.uid();
  _roles public.app_role[];
begin
  -- Taken before the check, so that two admins revoking each other queue up and the second
  -- one, no longer an admin, is refused.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.user_roles:admin'));
  if not public.has_role(_caller, 'admin') then
    raise exception 'Only admins may change roles.' using errcode = '42501';
  end if;
  if _user_id is null or _role is null or _granted is null then
    raise exception 'User, role and granted are required.' using errcode = '22004';
  end if;
  if not exists (select 1 from auth.users where id = _user_id) then
    raise exception 'No such user.' using errcode = 'P0002';
  end if;
  if _user_id = _caller and _role = 'admin' and not _granted then
    raise exception 'An admin cannot revoke their own admin role.' using errcode = 'P0001';
  end if;

  if _granted then
    insert into public.user_roles (user_id, role)
    values (_user_id, _role)
    on conflict (user_id, role) do nothing;
  else
    delete from public.user_roles where user_id = _user_id and role = _role;
  end if;

  select coalesce(array_agg(r.role order by r.role), '{}'::public.app_role[]) into _roles
  from public.user_roles as r
  where r.user_id = _user_id;
  return _roles;
end
$$;
revoke execute on function public.admin_set_role(uuid, public.app_role, boolean)
  from public, anon, authenticated;
grant execute on function public.admin_set_role(uuid, public.app_role, boolean) to authenticated;
