-- What hosted Supabase already has, part 1: the cluster roles that migrations name in GRANTs and
-- policies. Roles are cluster-wide on a real Postgres: they may exist from an earlier run, from
-- another database, or be created by a concurrent bootstrap of another database right now, so
-- each one is created only when missing and a concurrent creation is tolerated.
do $roles$
declare
  _role record;
begin
  for _role in
    select *
    from (
      values
        -- Requests without a user JWT.
        ('anon', 'nologin'),
        -- Signed-in users.
        ('authenticated', 'nologin'),
        -- The service key: ignores policies, still needs GRANTs.
        ('service_role', 'nologin bypassrls'),
        -- The role the API servers log in as before switching to one of the three above.
        ('authenticator', 'login noinherit'),
        -- Owners of the auth and storage schemas (GoTrue and the storage service).
        ('supabase_auth_admin', 'nologin noinherit'),
        ('supabase_storage_admin', 'nologin noinherit'),
        -- Platform roles that migrations may name; nothing connects as them locally.
        ('supabase_admin', 'nologin'),
        ('dashboard_user', 'nologin')
    ) as roles (name, options)
  loop
    if not exists (select 1 from pg_catalog.pg_roles where rolname = _role.name) then
      begin
        execute format('create role %I %s', _role.name, _role.options);
      exception
        -- Another bootstrap created it between our check and our create.
        when duplicate_object or unique_violation then
          null;
      end;
    end if;
  end loop;

  -- A service_role created by someone else without BYPASSRLS would silently obey policies.
  if not exists (
    select 1 from pg_catalog.pg_roles where rolname = 'service_role' and rolbypassrls
  ) then
    alter role service_role bypassrls;
  end if;
end
$roles$;

-- authenticator may switch to each API role (SET ROLE), as PostgREST and storage do.
do $memberships$
declare
  _api_role text;
begin
  foreach _api_role in array array['anon', 'authenticated', 'service_role']
  loop
    if not pg_catalog.pg_has_role('authenticator', _api_role, 'member') then
      begin
        execute format('grant %I to authenticator', _api_role);
      exception
        when duplicate_object or unique_violation then
          null;
      end;
    end if;
  end loop;
end
$memberships$;
