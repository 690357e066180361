import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { userA } from './fixtures.ts';
import { gif, png, storageStack } from './storage-stack.ts';

// Bucket administration through supabase-js: refused to users (no policies on storage.buckets),
// allowed to the service role; bucket limits and privacy as the object routes apply them.

const statusCodeOf = (error: unknown): unknown => (error as { statusCode?: unknown }).statusCode;

describeOnEachDatabase('storage buckets', ({ db }) => {
  const stack = storageStack(db);

  it('refuses every bucket write to a signed-in user and shows them no bucket', async () => {
    const storage = stack().client(userA).storage;
    expect(await storage.listBuckets()).toEqual({ data: [], error: null });
    expect(statusCodeOf((await storage.getBucket('avatars')).error)).toBe('404');
    const create = await storage.createBucket('mine', { public: true });
    expect(create.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect(statusCodeOf((await storage.updateBucket('avatars', { public: false })).error)).toBe(
      '404',
    );
    expect(statusCodeOf((await storage.emptyBucket('avatars')).error)).toBe('404');
    expect(statusCodeOf((await storage.deleteBucket('avatars')).error)).toBe('404');
    const avatars = await stack().client('service').storage.getBucket('avatars');
    expect(avatars.data).toMatchObject({ id: 'avatars', public: true, file_size_limit: 2097152 });
  });

  it('lets the service role create, read, list and update buckets', async () => {
    const storage = stack().client('service').storage;
    const created = await storage.createBucket('docs', {
      public: false,
      fileSizeLimit: '1KB',
      allowedMimeTypes: ['image/*'],
    });
    expect(created).toEqual({ data: { name: 'docs' }, error: null });
    const again = await storage.createBucket('docs');
    expect(statusCodeOf(again.error)).toBe('409');
    const bad = await storage.createBucket('../etc');
    expect(bad.error).toMatchObject({ status: 400, statusCode: '400' });
    // The name is checked before the settings, as storage does.
    const badBoth = await fetch(`${stack().url}/storage/v1/bucket`, {
      method: 'POST',
      headers: {
        apikey: stack().serviceKey,
        authorization: `Bearer ${stack().serviceKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'bad name!', public: 'x' }),
    });
    expect(await badBoth.json()).toMatchObject({ message: 'Bucket name invalid: "bad name!"' });
    const { data } = await storage.getBucket('docs');
    expect(data).toMatchObject({
      id: 'docs',
      name: 'docs',
      public: false,
      file_size_limit: 1000,
      allowed_mime_types: ['image/*'],
    });
    const list = await storage.listBuckets();
    expect(list.data?.map((bucket) => bucket.id)).toEqual(['avatars', 'docs', 'token-icons']);
    expect(
      (await storage.updateBucket('docs', { public: false, fileSizeLimit: 2000 })).error,
    ).toBeNull();
    expect((await storage.getBucket('docs')).data?.file_size_limit).toBe(2000);
    expect(statusCodeOf((await storage.updateBucket('nope', { public: true })).error)).toBe('404');
  });

  it('applies the bucket’s own limits and privacy', async () => {
    const bucket = stack().client('service').storage.from('docs');
    expect(
      (await bucket.upload('pics/one.gif', gif(), { contentType: 'image/gif' })).error,
    ).toBeNull();
    const large = await bucket.upload('pics/big.png', png(2500), { contentType: 'image/png' });
    expect(statusCodeOf(large.error)).toBe('413');
    const text = await bucket.upload('notes.txt', 'hello', { contentType: 'text/plain' });
    expect(text.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    });

    const publicUrl = bucket.getPublicUrl('pics/one.gif').data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const anon = await stack().client('anon').storage.from('docs').download('pics/one.gif');
    expect(statusCodeOf(anon.error)).toBe('404');
    const own = await bucket.download('pics/one.gif');
    expect(own.data?.type).toBe('image/gif');
  });

  it('deletes a bucket only once emptied, with its files', async () => {
    const storage = stack().client('service').storage;
    const folder = join(stack().dataDir, 'storage', 'docs');
    expect(existsSync(join(folder, 'pics', 'one.gif'))).toBe(true);
    const notEmpty = await storage.deleteBucket('docs');
    expect(notEmpty.error).toMatchObject({ statusCode: '409' });
    expect((await storage.emptyBucket('docs')).error).toBeNull();
    expect(existsSync(join(folder, 'pics', 'one.gif'))).toBe(false);
    expect(await storage.deleteBucket('docs')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    });
    expect(existsSync(folder)).toBe(false);
    expect(statusCodeOf((await storage.getBucket('docs')).error)).toBe('404');
  });
});
