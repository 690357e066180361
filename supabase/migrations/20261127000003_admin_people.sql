-- The admin's people pages: users as a paged, searchable list, and contact messages that go
-- from new to read to handled and that an admin may delete.

-- ---------------------------------------------------------------------------------------------
-- Users

-- Replaced, not overloaded: with two functions of one name, a call with no argument would be
-- ambiguous.
drop function public.admin_list_users();

-- One page of users, newest accounts first, each with their roles and the number of users the
-- search matches (`total`, the same on every row, for the pager). `_search` keeps the users
-- whose address contains it, whatever the case; `%`, `_` and `\` in it are plain characters.
-- `_limit` is brought within 1..100 and `_offset` to at least 0. Admins only (42501 otherwise).
create function public.admin_list_users(
  _search text default null,
  _limit integer default 25,
  _offset integer default 0
)
returns table (
  id uuid,
  email text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  email_confirmed_at timestamptz,
  roles public.app_role[],
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _needle text := pg_catalog.btrim(coalesce(_search, ''));
  _pattern text;
begin
  if not public.has_role(auth.uid(), 'admin') then
    raise exception 'Only admins may list users.' using errcode = '42501';
  end if;
  -- An address is at most 255 characters: a longer search can match nothing.
  if pg_catalog.char_length(_needle) > 255 then
    raise exception 'The search is longer than an email address can be (255 characters).'
      using errcode = '22001';
  end if;
  if _needle <> '' then
    _pattern := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      _needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  end if;

  return query
    select
      u.id,
      u.email::text,
      u.created_at,
      u.last_sign_in_at,
      u.email_confirmed_at,
      coalesce(
        (
          select array_agg(r.role order by r.role)
          from public.user_roles as r
          where r.user_id = u.id
        ),
        '{}'::public.app_role[]
      ),
      count(*) over ()
    from auth.users as u
    where _pattern is null or u.email::text ilike _pattern escape '\'
    order by u.created_at desc, u.id desc
    limit least(greatest(coalesce(_limit, 25), 1), 100)
    offset greatest(coalesce(_offset, 0), 0);
end
$$;
revoke execute on function public.admin_list_users(text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.admin_list_users(text, integer, integer) to authenticated;

-- Roles: public.admin_set_role (20261122000005) is kept as it is. It never leaves the project
-- without an admin: the caller must be an admin when the change runs, and may not revoke their
-- own admin role, so they are still one afterwards. Its advisory lock, shared with
-- delete_my_account, makes two admins revoking each other queue up; the second is no longer an
-- admin when its turn comes, and is refused with 42501. Revoking one's own admin role raises
-- P0001, which the page translates.

-- ---------------------------------------------------------------------------------------------
-- Contact messages: new, read, handled

-- 'answered' and 'archived' both meant "nothing left to do": they become 'handled'.
alter table public.contact_messages drop constraint contact_messages_status_check;
update public.contact_messages set status = 'handled' where status in ('answered', 'archived');
alter table public.contact_messages
  add constraint contact_messages_status_check check (status in ('new', 'read', 'handled'));

-- The admin's list (newest first, optionally of one state) and the header's count of new ones.
create index contact_messages_created_at_idx on public.contact_messages (created_at desc, id desc);
create index contact_messages_status_created_at_idx
  on public.contact_messages (status, created_at desc);

-- Admins delete messages (spam, or once dealt with). They still change nothing but the status.
grant delete on table public.contact_messages to authenticated;

create policy "contact_messages: admins delete"
  on public.contact_messages for delete to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));
