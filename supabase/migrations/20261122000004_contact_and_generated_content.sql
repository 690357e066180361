-- Contact messages (anyone writes, admins read and answer) and the AI content generator's
-- drafts (admins only).

-- ---------------------------------------------------------------------------------------------
-- Contact messages

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint contact_messages_name_length
      check (char_length(btrim(name)) >= 2 and char_length(name) <= 100),
  email text not null
    constraint contact_messages_email_shape
      check (char_length(email) <= 255 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  subject text not null
    constraint contact_messages_subject_check
      check (subject in ('general', 'bug', 'feature', 'account', 'data', 'other')),
  message text not null
    constraint contact_messages_message_length
      check (char_length(btrim(message)) >= 10 and char_length(message) <= 2000),
  status text not null default 'new'
    constraint contact_messages_status_check check (status in ('new', 'read', 'answered', 'archived')),
  locale text not null default 'fr'
    constraint contact_messages_locale_check check (locale in ('fr', 'en', 'es')),
  -- Set when the sender was signed in. delete_my_account removes the user's messages; `set null`
  -- only applies when an auth user is deleted some other way (dashboard, admin API).
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index contact_messages_email_created_at_idx
  on public.contact_messages (lower(email), created_at);
create index contact_messages_user_id_idx on public.contact_messages (user_id);
alter table public.contact_messages enable row level security;
revoke all on table public.contact_messages from anon, authenticated, service_role;
-- Senders write the message fields only: id, status and created_at keep their defaults.
grant insert (name, email, subject, message, locale, user_id)
  on table public.contact_messages to anon, authenticated;
-- Admins (through the policies below) read messages and move them through the statuses.
grant select, update (status) on table public.contact_messages to authenticated;
grant select, insert, update, delete on table public.contact_messages to service_role;

-- Anyone sends a message, as a new message, signed with their own id or with none.
create policy "contact_messages: anyone inserts"
  on public.contact_messages for insert to anon, authenticated
  with check (status = 'new' and (user_id is null or user_id = (select auth.uid())));

-- Admins read every message.
create policy "contact_messages: admins read"
  on public.contact_messages for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

-- Admins change a message's status.
create policy "contact_messages: admins update"
  on public.contact_messages for update to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

-- At most 5 messages per email address per rolling hour. SECURITY DEFINER: the sender cannot
-- read the table it counts. The advisory lock makes concurrent sends from one address queue
-- up instead of slipping past the count together.
create function private.enforce_contact_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _recent integer;
begin
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('contact_messages:' || lower(new.email))
  );

  select count(*) into _recent
  from public.contact_messages
  where lower(email) = lower(new.email)
    and created_at > now() - interval '1 hour';

  if _recent >= 5 then
    raise exception 'Too many messages from this email address: at most 5 per hour.'
      using errcode = 'P0001',
            hint = 'Please wait a little before writing again.';
  end if;
  return new;
end
$$;
revoke execute on function private.enforce_contact_rate_limit() from public, anon, authenticated;

create trigger contact_messages_rate_limit
  before insert on public.contact_messages
  for each row execute function private.enforce_contact_rate_limit();

-- ---------------------------------------------------------------------------------------------
-- Generated content (drafts from the AI generator, reviewed by admins)

create table public.generated_content (
  id uuid primary key default gen_random_uuid(),
  -- What the draft is for, e.g. 'term:staking' or 'token:bitcoin'.
  target text not null check (char_length(target) between 1 and 200),
  language text not null
    constraint generated_content_language_check check (language in ('fr', 'en', 'es')),
  payload jsonb not null,
  status text not null default 'draft'
    constraint generated_content_status_check check (status in ('draft', 'published', 'rejected')),
  model text check (char_length(model) <= 200),
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
alter table public.generated_content enable row level security;
revoke all on table public.generated_content from anon, authenticated, service_role;
grant select, insert, update, delete on table public.generated_content to authenticated;
grant select, insert, update, delete on table public.generated_content to service_role;

-- Admins, and only admins, read and write the drafts.
create policy "generated_content: admins only"
  on public.generated_content for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));
