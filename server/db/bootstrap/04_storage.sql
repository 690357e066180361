-- What hosted Supabase already has, part 4: the storage service's tables and the helpers that
-- storage policies use. The storage service runs these migrations itself on hosted projects;
-- the local stack creates the subset its storage server and our migrations need.

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;

-- With RLS on and no policy only service_role (BYPASSRLS) may do anything; migrations add the
-- policies that open buckets and folders.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- All folders of a path but the last segment: 'user-1/avatars/pic.png' -> {user-1,avatars}.
create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

-- The last segment of a path: 'user-1/avatars/pic.png' -> pic.png.
create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

-- What follows the last dot of the last segment: 'a/b.tar.gz' -> gz.
create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- As on Supabase, the API roles hold every privilege on the storage tables (RLS decides) and
-- on what is created there later.
grant all on table storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
alter default privileges in schema storage
  grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage
  grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage
  grant all on sequences to anon, authenticated, service_role;
