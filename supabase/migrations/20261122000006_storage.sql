-- Storage: the public `avatars` bucket. Anyone reads avatars; a signed-in user writes only in
-- the folder named after their id: avatars/<user id>/<file>.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- storage.objects already exists with RLS on; policy names are unique per table, so a policy
-- left by an earlier attempt (or created in the dashboard) is replaced.
drop policy if exists "avatars: anyone reads" on storage.objects;
drop policy if exists "avatars: owner inserts in own folder" on storage.objects;
drop policy if exists "avatars: owner updates in own folder" on storage.objects;
drop policy if exists "avatars: owner deletes in own folder" on storage.objects;

-- Anyone, signed in or not, reads avatars.
create policy "avatars: anyone reads"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'avatars');

-- A signed-in user uploads only into their own folder.
create policy "avatars: owner inserts in own folder"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

-- A signed-in user replaces only files of their own folder, and keeps them there.
create policy "avatars: owner updates in own folder"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  )
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

-- A signed-in user deletes only files of their own folder.
create policy "avatars: owner deletes in own folder"
  on storage.objects for delete to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );
