import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { signJwt } from '../../server/keys.ts';
import { describeOnEachDatabase } from './databases.ts';
import { userA, userB } from './fixtures.ts';
import { TEST_JWT_SECRET } from './stack.ts';
import { gif, png, storageStack } from './storage-stack.ts';

// Moving and copying objects, signed upload URLs and byte ranges on downloads, through the
// unmodified supabase-js client (raw fetch where storage-js has no call: Range, bad bodies).

/** What supabase-js reports for a refused call: storage's body behind HTTP 400. */
function refusal(error: unknown): { status: unknown; statusCode: unknown; message: unknown } {
  expect(error).not.toBeNull();
  const e = error as { name: string; status: unknown; statusCode: unknown; message: unknown };
  expect(e.name).toBe('StorageApiError');
  return { status: e.status, statusCode: e.statusCode, message: e.message };
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** The claims of a JWT, unverified (the test only reads what the server put in). */
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

/** Bytes that differ at every offset, so that a wrong slice cannot pass for the right one. */
const patterned = (size: number): Buffer => {
  const bytes = png(size);
  for (let i = 100; i < size; i++) bytes[i] = i % 251;
  return bytes;
};

describeOnEachDatabase('storage transfers', ({ db }) => {
  const stack = storageStack(db);
  const a = (name: string): string => `${userA.id}/${name}`;
  const b = (name: string): string => `${userB.id}/${name}`;
  const onDisk = (name: string, bucket = 'avatars'): string =>
    join(stack().dataDir, 'storage', bucket, name);
  const allFiles = (): string[] =>
    existsSync(join(stack().dataDir, 'storage'))
      ? readdirSync(join(stack().dataDir, 'storage'), { recursive: true, encoding: 'utf8' })
          .filter((file) => !file.startsWith('.tmp'))
          .sort()
      : [];
  const upload = async (name: string, bytes: Buffer = png()): Promise<void> => {
    const { error } = await stack()
      .client(userA)
      .storage.from('avatars')
      .upload(name, bytes, { contentType: 'image/png', upsert: true });
    expect(error).toBeNull();
  };
  const rowOf = async (name: string, bucket = 'avatars') => {
    const { rows } = await db().query<{ id: string; owner_id: string | null }>(
      'select id, owner_id from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    );
    return rows[0];
  };
  const api = (path: string): string => `${stack().url}/storage/v1${path}`;
  const asUser = (user = userA): Record<string, string> => ({
    apikey: stack().anonKey,
    authorization: `Bearer ${stack().userToken(user)}`,
  });

  it('moves A’s object within A’s folder: the row keeps its id, the bytes follow', async () => {
    const bytes = png(300);
    await upload(a('move-src.png'), bytes);
    const before = await rowOf(a('move-src.png'));
    const bucket = stack().client(userA).storage.from('avatars');
    const moved = await bucket.move(a('move-src.png'), a('moved/dst.png'));
    expect(moved).toEqual({ data: { message: 'Successfully moved' }, error: null });
    expect(await readFile(onDisk(a('moved/dst.png')))).toEqual(bytes);
    expect(existsSync(onDisk(a('move-src.png')))).toBe(false);
    expect((await rowOf(a('moved/dst.png')))?.id).toBe(before?.id);
    expect(await rowOf(a('move-src.png'))).toBeUndefined();
    expect((await bucket.exists(a('move-src.png'))).data).toBe(false);
    const info = await bucket.info(a('moved/dst.png'));
    expect(info.data).toMatchObject({ size: 300, contentType: 'image/png' });
    const download = await bucket.download(a('moved/dst.png'));
    expect(Buffer.from(await (download.data ?? new Blob()).arrayBuffer())).toEqual(bytes);
  });

  it('copies an object, returns its Key, and keeps both copies', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    const copied = await bucket.copy(a('moved/dst.png'), a('copy.png'));
    expect(copied).toEqual({ data: { path: `avatars/${a('copy.png')}` }, error: null });
    const original = await readFile(onDisk(a('moved/dst.png')));
    expect(await readFile(onDisk(a('copy.png')))).toEqual(original);
    const [source, copy] = [await rowOf(a('moved/dst.png')), await rowOf(a('copy.png'))];
    expect(copy?.id).not.toBe(source?.id);
    expect(copy?.owner_id).toBe(userA.id);
    expect((await bucket.info(a('copy.png'))).data).toMatchObject({ size: original.length });

    // The raw answer carries the deprecated Id and the new row, as storage's does.
    const raw = await fetch(api('/object/copy'), {
      method: 'POST',
      headers: { ...asUser(), 'content-type': 'application/json' },
      body: JSON.stringify({
        bucketId: 'avatars',
        sourceKey: a('copy.png'),
        destinationKey: a('copy 2.png'),
      }),
    });
    expect(raw.status).toBe(200);
    const body = (await raw.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      Key: `avatars/${a('copy 2.png')}`,
      bucket_id: 'avatars',
      name: a('copy 2.png'),
      owner_id: userA.id,
      metadata: { mimetype: 'image/png', size: original.length },
    });
    expect(body.Id).toBe(body.id);
  });

  it('refuses moves and copies that the policies do not allow, touching no file', async () => {
    const before = allFiles();
    const byB = stack().client(userB).storage.from('avatars');
    // B cannot see A’s object (only its owner lists or reads it through the policies): storage
    // says NoSuchKey, as for an object that does not exist.
    const steal = await byB.move(a('copy.png'), b('stolen.png'));
    expect(refusal(steal.error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    });
    expect(codeOf(steal.error)).toBe('NoSuchKey');
    const byA = stack().client(userA).storage.from('avatars');
    const intoB = await byA.move(a('copy.png'), b('gift.png'));
    expect(refusal(intoB.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const copyIntoB = await byA.copy(a('copy.png'), b('gift.png'));
    expect(refusal(copyIntoB.error)).toMatchObject({ statusCode: '403' });
    expect(codeOf(copyIntoB.error)).toBe('AccessDenied');
    const anon = await stack().client('anon').storage.from('avatars').copy(a('copy.png'), 'x.png');
    expect(refusal(anon.error).statusCode).toBe('404');
    const copyByB = await byB.copy(a('copy.png'), b('copied-from-a.png'));
    expect(codeOf(copyByB.error)).toBe('NoSuchKey');
    expect(allFiles()).toEqual(before);
    expect(await rowOf(a('copy.png'))).toBeDefined();
    expect(await rowOf(b('stolen.png'))).toBeUndefined();

    // Copying within one's own folder is exactly what the policies allow.
    const allowed = await byA.copy(a('copy.png'), a('copied.png'));
    expect(allowed.error).toBeNull();
    expect((await rowOf(a('copied.png')))?.owner_id).toBe(userA.id);
  });

  it('refuses to overwrite an existing destination, on move and on copy', async () => {
    await upload(a('keep.png'), png(200));
    const bucket = stack().client(userA).storage.from('avatars');
    const move = await bucket.move(a('copy.png'), a('keep.png'));
    expect(refusal(move.error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect(codeOf(move.error)).toBe('KeyAlreadyExists');
    const copy = await bucket.copy(a('copy.png'), a('keep.png'));
    expect(refusal(copy.error)).toMatchObject({ statusCode: '409' });
    expect(await readFile(onDisk(a('keep.png')))).toEqual(png(200));
    expect(existsSync(onDisk(a('copy.png')))).toBe(true);
    expect((await bucket.copy(a('copy.png'), a('copy.png'))).error).not.toBeNull();
  });

  it('answers bad move and copy requests in storage’s error shape', async () => {
    const post = async (route: string, body: unknown): Promise<unknown> => {
      const response = await fetch(api(route), {
        method: 'POST',
        headers: { ...asUser(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      return response.json();
    };
    expect(await post('/object/move', { bucketId: 'avatars', sourceKey: a('copy.png') })).toEqual({
      statusCode: '400',
      error: 'Bad Request',
      code: 'InvalidRequest',
      message: "body must have required property 'destinationKey'",
    });
    expect(
      await post('/object/copy', {
        bucketId: 'avatars',
        sourceKey: a('copy.png'),
        destinationKey: `${userA.id}/../../../escape.png`,
      }),
    ).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect(
      await post('/object/move', {
        bucketId: 'avatars',
        sourceKey: a('copy.png'),
        destinationKey: a('x.png'),
        destinationBucket: '../etc',
      }),
    ).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' });
    expect(
      await post('/object/copy', {
        bucketId: 'nope',
        sourceKey: a('copy.png'),
        destinationKey: a('x.png'),
      }),
    ).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
    const missing = await stack()
      .client(userA)
      .storage.from('avatars')
      .move(a('never-was.png'), a('x.png'));
    expect(refusal(missing.error)).toMatchObject({ statusCode: '404' });
    expect(codeOf(missing.error)).toBe('NoSuchKey');
    expect(existsSync(join(stack().dataDir, 'escape.png'))).toBe(false);
  });

  it('moves and copies across buckets only within the destination bucket’s limits', async () => {
    const service = stack().client('service').storage;
    await service.createBucket('archive', { public: false, allowedMimeTypes: ['image/png'] });
    await service.createBucket('papers', { public: false, allowedMimeTypes: ['application/pdf'] });
    await service.createBucket('tiny', { public: false, fileSizeLimit: 100 });
    const avatars = service.from('avatars');
    const copied = await avatars.copy(a('keep.png'), 'kept.png', { destinationBucket: 'archive' });
    expect(copied).toEqual({ data: { path: 'archive/kept.png' }, error: null });
    expect(await readFile(onDisk('kept.png', 'archive'))).toEqual(png(200));
    const pdf = await avatars.copy(a('keep.png'), 'x.png', { destinationBucket: 'papers' });
    expect(refusal(pdf.error)).toMatchObject({
      statusCode: '415',
      message: 'mime type image/png is not supported',
    });
    const big = await avatars.move(a('keep.png'), 'x.png', { destinationBucket: 'tiny' });
    expect(refusal(big.error)).toMatchObject({ statusCode: '413' });
    const moved = await avatars.move(a('keep.png'), 'moved.png', { destinationBucket: 'archive' });
    expect(moved.error).toBeNull();
    expect(existsSync(onDisk(a('keep.png')))).toBe(false);
    expect((await rowOf('moved.png', 'archive'))?.id).toBeDefined();
    expect(readdirSync(join(stack().dataDir, 'storage', 'archive')).sort()).toEqual([
      'kept.png',
      'moved.png',
    ]);
    expect(existsSync(join(stack().dataDir, 'storage', 'papers'))).toBe(false);
  });

  it('signs an upload URL valid 2 hours that uploads the object once, as its signer', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    const signed = await bucket.createSignedUploadUrl(a('signed.png'));
    expect(signed.error).toBeNull();
    const token = signed.data?.token ?? '';
    expect(signed.data?.signedUrl).toBe(
      `${stack().url}/storage/v1/object/upload/sign/avatars/${a('signed.png')}?token=${token}`,
    );
    const claims = claimsOf(token);
    expect(claims).toMatchObject({
      url: `avatars/${a('signed.png')}`,
      owner: userA.id,
      upsert: false,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(2 * 60 * 60);

    // Whoever holds the token uploads, without being A.
    const anon = stack().client('anon').storage.from('avatars');
    const bytes = png(400);
    const done = await anon.uploadToSignedUrl(a('signed.png'), token, bytes, {
      contentType: 'image/png',
    });
    expect(done).toEqual({
      data: { path: a('signed.png'), fullPath: `avatars/${a('signed.png')}` },
      error: null,
    });
    expect(await readFile(onDisk(a('signed.png')))).toEqual(bytes);
    expect((await rowOf(a('signed.png')))?.owner_id).toBe(userA.id);

    const again = await anon.uploadToSignedUrl(a('signed.png'), token, png(), {
      contentType: 'image/png',
    });
    expect(refusal(again.error)).toMatchObject({ statusCode: '409' });
    expect(await readFile(onDisk(a('signed.png')))).toEqual(bytes);
  });

  it('lets an upsert upload URL replace the object until it expires', async () => {
    const bucket = stack().client(userA).storage.from('avatars');
    const duplicate = await bucket.createSignedUploadUrl(a('signed.png'));
    expect(refusal(duplicate.error)).toMatchObject({ statusCode: '409' });
    const signed = await bucket.createSignedUploadUrl(a('signed.png'), { upsert: true });
    expect(signed.error).toBeNull();
    const token = signed.data?.token ?? '';
    expect(claimsOf(token).upsert).toBe(true);
    const anon = stack().client('anon').storage.from('avatars');
    for (const size of [500, 600]) {
      const { error } = await anon.uploadToSignedUrl(a('signed.png'), token, png(size), {
        contentType: 'image/png',
      });
      expect(error).toBeNull();
      expect((await readFile(onDisk(a('signed.png')))).length).toBe(size);
    }
  });

  it('refuses to sign uploads the policies would refuse', async () => {
    const intoB = await stack()
      .client(userA)
      .storage.from('avatars')
      .createSignedUploadUrl(b('x.png'));
    expect(refusal(intoB.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const anon = await stack()
      .client('anon')
      .storage.from('avatars')
      .createSignedUploadUrl('x.png');
    expect(refusal(anon.error).statusCode).toBe('403');
    const none = await stack().client(userA).storage.from('nope').createSignedUploadUrl('x.png');
    expect(refusal(none.error)).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    expect(await rowOf(b('x.png'))).toBeUndefined();
  });

  it('refuses expired, forged and misdirected upload tokens, and download tokens', async () => {
    const before = allFiles();
    const anon = stack().client('anon').storage.from('avatars');
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      url: `avatars/${a('forged.png')}`,
      scope: 'upload',
      owner: userA.id,
      upsert: true,
      iat: now - 7300,
    };
    const cases: [string, string, string, string][] = [
      [
        'expired',
        signJwt({ ...claims, exp: now - 100 }, TEST_JWT_SECRET),
        'InvalidJWT',
        'jwt expired',
      ],
      [
        'just expired',
        signJwt({ ...claims, exp: now - 1 }, TEST_JWT_SECRET),
        'InvalidJWT',
        'jwt expired',
      ],
      [
        'forged',
        signJwt({ ...claims, exp: now + 600 }, 'another-secret-with-at-least-32-characters!!'),
        'InvalidJWT',
        'invalid signature',
      ],
      [
        'other object',
        signJwt({ ...claims, url: `avatars/${a('other.png')}`, exp: now + 600 }, TEST_JWT_SECRET),
        'InvalidSignature',
        'The url do not match the signature',
      ],
      [
        'download scope',
        signJwt({ ...claims, scope: 'download', exp: now + 600 }, TEST_JWT_SECRET),
        'InvalidSignature',
        'The url do not match the signature',
      ],
      ['garbage', 'not-a-jwt', 'InvalidJWT', 'invalid signature'],
    ];
    for (const [label, token, code, message] of cases) {
      const { data, error } = await anon.uploadToSignedUrl(a('forged.png'), token, png(), {
        contentType: 'image/png',
      });
      expect(data, label).toBeNull();
      expect(refusal(error), label).toMatchObject({ status: 400, statusCode: '400', message });
      expect(codeOf(error), label).toBe(code);
    }
    const noToken = await fetch(api(`/object/upload/sign/avatars/${a('forged.png')}`), {
      method: 'PUT',
      body: new Uint8Array(png()),
    });
    expect(await noToken.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });

    // A real download token does not upload, and a real upload token does not download.
    const bucket = stack().client(userA).storage.from('avatars');
    const download = await bucket.createSignedUrl(a('copy.png'), 60);
    const downloadToken = new URL(download.data?.signedUrl ?? '').searchParams.get('token') ?? '';
    const reused = await anon.uploadToSignedUrl(a('copy.png'), downloadToken, png(), {
      contentType: 'image/png',
    });
    expect(codeOf(reused.error)).toBe('InvalidSignature');
    const uploadToken = (await bucket.createSignedUploadUrl(a('copy.png'), { upsert: true })).data
      ?.token;
    const asDownload = await fetch(
      api(`/object/sign/avatars/${a('copy.png')}?token=${uploadToken ?? ''}`),
    );
    expect(asDownload.status).toBe(400);
    expect(await asDownload.json()).toMatchObject({ code: 'InvalidSignature' });
    expect(allFiles()).toEqual(before);
    expect(await rowOf(a('forged.png'))).toBeUndefined();
  });

  it.each([
    ['a 2.1 MB PNG', () => png(2_100_000), 'image/png', '413'],
    ['a GIF', gif, 'image/gif', '415'],
    ['a GIF declared as PNG', gif, 'image/png', '415'],
    ['a text file declared as PNG', () => Buffer.from('not a png'), 'image/png', '415'],
  ])(
    'enforces the bucket’s limits on a signed upload: refuses %s',
    async (_label, bytes, contentType, statusCode) => {
      const before = allFiles();
      const signed = await stack()
        .client(userA)
        .storage.from('avatars')
        .createSignedUploadUrl(a('limited.png'));
      const { data, error } = await stack()
        .client('anon')
        .storage.from('avatars')
        .uploadToSignedUrl(a('limited.png'), signed.data?.token ?? '', bytes(), { contentType });
      expect(data).toBeNull();
      expect(refusal(error)).toMatchObject({ status: 400, statusCode });
      expect(allFiles()).toEqual(before);
      expect(await rowOf(a('limited.png'))).toBeUndefined();
    },
  );

  it('serves byte ranges (206) on authenticated, public and signed downloads', async () => {
    const bytes = patterned(1000);
    await upload(a('ranged.png'), bytes);
    const bucket = stack().client(userA).storage.from('avatars');
    const signedUrl = (await bucket.createSignedUrl(a('ranged.png'), 60)).data?.signedUrl ?? '';
    const sources: [string, string, Record<string, string>][] = [
      ['authenticated', api(`/object/authenticated/avatars/${a('ranged.png')}`), asUser(userB)],
      ['plain', api(`/object/avatars/${a('ranged.png')}`), asUser()],
      ['public', bucket.getPublicUrl(a('ranged.png')).data.publicUrl, {}],
      ['signed', signedUrl, {}],
    ];
    const ranges: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      ['bytes=500-599', 500, 599],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=995-5000', 995, 999],
      ['bytes=-5000', 0, 999],
      ['bytes=999-999', 999, 999],
    ];
    for (const [label, url, headers] of sources) {
      for (const [range, start, end] of ranges) {
        const response = await fetch(url, { headers: { ...headers, range } });
        expect(response.status, `${label} ${range}`).toBe(206);
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
        expect(response.headers.get('content-length')).toBe(String(end - start + 1));
        expect(response.headers.get('accept-ranges')).toBe('bytes');
        expect(response.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(start, end + 1));
      }
      const whole = await fetch(url, { headers });
      expect(whole.status, label).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-range')).toBeNull();
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    }
  });

  it('answers an unsatisfiable range with 416 and ignores ranges it may not honour', async () => {
    const url = api(`/object/authenticated/avatars/${a('ranged.png')}`);
    for (const range of ['bytes=1000-', 'bytes=1000-1001', 'bytes=-0', 'bytes=5000-6000']) {
      const response = await fetch(url, { headers: { ...asUser(), range } });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */1000');
      expect(await response.json()).toEqual({
        statusCode: '416',
        error: 'Range Not Satisfiable',
        code: 'InvalidRange',
        message: 'The requested range is not satisfiable',
      });
    }
    // Malformed, other units, several ranges, a stale If-Range: the whole object, 200.
    const etag = (await fetch(url, { headers: asUser() })).headers.get('etag') ?? '';
    const ignored: Record<string, string>[] = [
      { range: 'bytes=9-2' },
      { range: 'bytes=abc' },
      { range: 'items=0-1' },
      { range: 'bytes=0-1,5-6' },
      { range: 'bytes=0-9', 'if-range': '"stale"' },
    ];
    for (const extra of ignored) {
      const response = await fetch(url, { headers: { ...asUser(), ...extra } });
      expect(response.status, JSON.stringify(extra)).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(1000);
    }
    const current = await fetch(url, {
      headers: { ...asUser(), range: 'bytes=0-9', 'if-range': etag },
    });
    expect(current.status).toBe(206);
    // A range does not open an object the caller may not read.
    const hidden = await fetch(api(`/object/authenticated/avatars/${a('nothing.png')}`), {
      headers: { ...asUser(), range: 'bytes=0-1' },
    });
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });
});
