import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { userA, userB } from './fixtures.ts';
import { gif, png, storageStack } from './storage-stack.ts';

// The avatars bucket through the unmodified supabase-js client: uploads, limits from the real
// bytes, RLS per folder, downloads (authenticated, public, signed), list, remove and the disk.

/** What supabase-js reports for a refused call: storage's body behind HTTP 400. */
function refusal(error: unknown): { status: unknown; statusCode: unknown; message: unknown } {
  expect(error).not.toBeNull();
  const e = error as { name: string; status: unknown; statusCode: unknown; message: unknown };
  expect(e.name).toBe('StorageApiError');
  return { status: e.status, statusCode: e.statusCode, message: e.message };
}

describeOnEachDatabase('storage objects', ({ db }) => {
  const stack = storageStack(db);
  const avatar = `${userA.id}/avatar.png`;
  const onDisk = (name: string): string => join(stack().dataDir, 'storage', 'avatars', name);
  const allFiles = (): string[] =>
    existsSync(join(stack().dataDir, 'storage'))
      ? readdirSync(join(stack().dataDir, 'storage'), { recursive: true, encoding: 'utf8' })
      : [];

  it('accepts a small PNG from A in A’s folder and stores its bytes', async () => {
    const { data, error } = await stack()
      .client(userA)
      .storage.from('avatars')
      .upload(avatar, png(), { contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: avatar, fullPath: `avatars/${avatar}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readFile(onDisk(avatar))).toEqual(png());
  });

  it('lists it, serves it publicly, through download() and a signed URL', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    const list = await bucket.list(userA.id);
    expect(list.error).toBeNull();
    expect(list.data?.map((entry) => entry.name)).toEqual(['avatar.png']);
    expect(list.data?.[0]?.metadata).toMatchObject({ mimetype: 'image/png', size: png().length });

    const publicUrl = bucket.getPublicUrl(avatar).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png());

    const download = await stack().client('anon').storage.from('avatars').download(avatar);
    expect(download.error).toBeNull();
    expect(Buffer.from(await (download.data ?? new Blob()).arrayBuffer())).toEqual(png());
    expect(download.data?.type).toBe('image/png');

    const signed = await bucket.createSignedUrl(avatar, 60);
    expect(signed.error).toBeNull();
    const viaSigned = await fetch(signed.data?.signedUrl ?? '');
    expect(viaSigned.status).toBe(200);
    expect(Buffer.from(await viaSigned.arrayBuffer())).toEqual(png());
  });

  it('lets a signed URL expire, and refuses a token for another object', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    const { data } = await bucket.createSignedUrl(avatar, 60);
    const valid = await fetch(data?.signedUrl ?? '');
    expect(valid.status).toBe(200);
    await valid.arrayBuffer();
    // One second past its expiry on storage's clock: access tokens get 30 seconds of clock
    // skew, signed URLs none.
    stack().advance(61);
    const expired = await fetch(data?.signedUrl ?? '');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', message: 'jwt expired' });
    const token = new URL(
      (await bucket.createSignedUrl(avatar, 60)).data?.signedUrl ?? '',
    ).searchParams.get('token');
    const other = await fetch(
      `${stack().url}/storage/v1/object/sign/avatars/${userB.id}/x.png?token=${token}`,
    );
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ code: 'InvalidSignature' });
  });

  it.each([
    [
      'a 2.1 MB PNG',
      () => png(2_100_000),
      'image/png',
      '413',
      'The object exceeded the maximum allowed size',
    ],
    ['a GIF', gif, 'image/gif', '415', 'mime type image/gif is not supported'],
    ['a GIF declared as PNG', gif, 'image/png', '415', 'mime type image/gif is not supported'],
    [
      'a text file named .png',
      () => Buffer.from('not a png'),
      'image/png',
      '415',
      'mime type text/plain is not supported',
    ],
  ])('refuses %s and writes nothing', async (_label, bytes, contentType, statusCode, message) => {
    const before = allFiles();
    const { data, error } = await stack()
      .client(userA)
      .storage.from('avatars')
      .upload(`${userA.id}/refused.png`, bytes(), { contentType });
    expect(data).toBeNull();
    expect(refusal(error)).toEqual({ status: 400, statusCode, message });
    expect(allFiles()).toEqual(before);
  });

  it('refuses A writing into B’s folder, and anonymous uploads, by RLS', async () => {
    const before = allFiles();
    const intoB = await stack()
      .client(userA)
      .storage.from('avatars')
      .upload(`${userB.id}/avatar.png`, png(), { contentType: 'image/png' });
    expect(refusal(intoB.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const anon = await stack()
      .client('anon')
      .storage.from('avatars')
      .upload(`${userA.id}/anon.png`, png(), { contentType: 'image/png' });
    expect(refusal(anon.error).statusCode).toBe('403');
    expect(allFiles()).toEqual(before);
    expect(existsSync(onDisk(`${userB.id}/avatar.png`))).toBe(false);
  });

  it('refuses a duplicate, accepts upsert and update (also as multipart Blobs)', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    const again = await bucket.upload(avatar, png(), { contentType: 'image/png' });
    expect(refusal(again.error)).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
    const bigger = png(500);
    const upsert = await bucket.upload(avatar, bigger, { contentType: 'image/png', upsert: true });
    expect(upsert.error).toBeNull();
    expect(await readFile(onDisk(avatar))).toEqual(bigger);
    const blob = new Blob([new Uint8Array(png(600))], { type: 'image/png' });
    const update = await bucket.update(avatar, blob, { cacheControl: '60' });
    expect(update.error).toBeNull();
    expect((await readFile(onDisk(avatar))).length).toBe(600);
    const info = await bucket.info(avatar);
    expect(info.data).toMatchObject({
      size: 600,
      contentType: 'image/png',
      cacheControl: 'max-age=60',
    });
    const otherUser = await stack().client(userB).storage.from('avatars').update(avatar, png());
    expect(refusal(otherUser.error).statusCode).toBe('403');
  });

  it('lists immediate children with folders first, search, sort, limit and offset', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    for (const name of ['b.png', 'sub/c.png', 'sub/deeper/d.png', 'a.png']) {
      const { error } = await bucket.upload(`${userA.id}/${name}`, png(), {
        contentType: 'image/png',
      });
      expect(error).toBeNull();
    }
    const all = await bucket.list(userA.id);
    expect(all.data?.map((e) => e.name)).toEqual(['sub', 'a.png', 'avatar.png', 'b.png']);
    expect(all.data?.[0]).toMatchObject({ id: null, metadata: null, updated_at: null });
    const sub = await bucket.list(`${userA.id}/sub`);
    expect(sub.data?.map((e) => e.name)).toEqual(['deeper', 'c.png']);
    const page = await bucket.list(userA.id, {
      limit: 2,
      offset: 1,
      sortBy: { column: 'name', order: 'desc' },
    });
    expect(page.data?.map((e) => e.name)).toEqual(['b.png', 'avatar.png']);
    const search = await bucket.list(userA.id, { search: 'A' });
    expect(search.data?.map((e) => e.name)).toEqual(['a.png', 'avatar.png']);
    const root = await bucket.list();
    expect(root.data?.map((e) => e.name)).toEqual([userA.id]);
  });

  it('signs several URLs, refuses unknown buckets and names that clash with folders', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    const signed = await bucket.createSignedUrls([`${userA.id}/b.png`, `${userA.id}/nope.png`], 60);
    expect(signed.data?.map((entry) => entry.error)).toEqual([
      null,
      'Either the object does not exist or you do not have access to it',
    ]);
    expect((await fetch(signed.data?.[0]?.signedUrl ?? '')).status).toBe(200);
    const clash = await bucket.upload(`${userA.id}/sub`, png(), { contentType: 'image/png' });
    expect((clash.error as { code?: string } | null)?.code).toBe('InvalidKey');
    expect((await bucket.exists(`${userA.id}/sub`)).data).toBe(false);
    expect((await bucket.exists(`${userA.id}/b.png`)).data).toBe(true);
    const none = await stack().client(userA).storage.from('nope').upload('x.png', png());
    expect(refusal(none.error)).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('removes only what RLS allows and deletes the bytes', async () => {
    const byB = await stack()
      .client(userB)
      .storage.from('avatars')
      .remove([`${userA.id}/a.png`]);
    expect(byB).toEqual({ data: [], error: null });
    expect(existsSync(onDisk(`${userA.id}/a.png`))).toBe(true);
    const bucket = stack().client(userA).storage.from('avatars');
    const removed = await bucket.remove([
      `${userA.id}/a.png`,
      `${userA.id}/sub/deeper/d.png`,
      `${userA.id}/nope.png`,
    ]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name).sort()).toEqual([
      `${userA.id}/a.png`,
      `${userA.id}/sub/deeper/d.png`,
    ]);
    expect(existsSync(onDisk(`${userA.id}/a.png`))).toBe(false);
    expect(existsSync(onDisk(`${userA.id}/sub/deeper`))).toBe(false);
    const missing = await bucket.download(`${userA.id}/a.png`);
    expect(refusal(missing.error)).toMatchObject({
      statusCode: '404',
      message: 'Object not found',
    });
    expect((missing.error as { code?: string }).code).toBe('NoSuchKey');
    expect((await bucket.exists(`${userA.id}/a.png`)).data).toBe(false);
  });

  it('refuses traversal and control characters in names', async () => {
    const before = allFiles();
    const bucket = stack().client(userA).storage.from('avatars');
    for (const name of [
      `${userA.id}/%2e%2e%2F%2e%2e%2Fevil.png`,
      `${userA.id}/a%5C..%5Cevil.png`,
      `${userA.id}/a%00.png`,
    ]) {
      const { error } = await bucket.upload(name, png(), { contentType: 'image/png' });
      expect(refusal(error)).toMatchObject({ status: 400, statusCode: '400' });
      expect((error as { code?: string }).code).toBe('InvalidKey');
    }
    const raw = await fetch(
      `${stack().url}/storage/v1/object/public/avatars/..%2F..%2Fetc%2Fpasswd`,
    );
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect(allFiles()).toEqual(before);
  });

  it('answers bad credentials in storage’s shape', async () => {
    const url = `${stack().url}/storage/v1/object/list/avatars`;
    const noKey = await fetch(url, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    const expired = await fetch(url, {
      method: 'POST',
      body: '{}',
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${stack().userToken(userA, -120)}`,
      },
    });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      code: 'AccessDenied',
      message: 'jwt expired',
    });
    const unknown = await fetch(`${stack().url}/storage/v1/nothing`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ statusCode: '404' });
  });
});
