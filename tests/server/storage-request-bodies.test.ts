import { describe, expect, it } from 'vitest';
import { bodyAs } from '../../server/storage/body.ts';
import {
  BUCKET_BODY,
  COPY_OPTIONS_BODY,
  LIST_BODY,
  REMOVE_BODY,
  SIGN_BODY,
  SIGN_MANY_BODY,
  TRANSFER_BODY,
} from '../../server/storage/requestBodies.ts';

// The storage API's JSON bodies (server/storage/requestBodies.ts): what each accepts, the
// defaults it fills in, and the 400 message of each mistake, in hosted storage's words.

/** The InvalidRequest message a body gets, or 'accepted'. */
function problem(schema: Parameters<typeof bodyAs>[0], body: Record<string, unknown>): string {
  try {
    bodyAs(schema, body);
    return 'accepted';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('storage request bodies', () => {
  it('signing: expiresIn a number of at least 1, kept in whole seconds; paths strings', () => {
    expect(bodyAs(SIGN_BODY, { expiresIn: 60.9 })).toEqual({ expiresIn: 60 });
    for (const expiresIn of [undefined, 0, '60', Number.POSITIVE_INFINITY, null]) {
      expect(problem(SIGN_BODY, { expiresIn }), String(expiresIn)).toBe(
        'body/expiresIn must be a number >= 1',
      );
    }
    expect(bodyAs(SIGN_MANY_BODY, { expiresIn: 5, paths: ['a.png'] })).toEqual({
      expiresIn: 5,
      paths: ['a.png'],
    });
    expect(problem(SIGN_MANY_BODY, { expiresIn: 5 })).toBe(
      'body/paths must be an array of strings',
    );
    expect(problem(SIGN_MANY_BODY, { expiresIn: 5, paths: ['a', 1] })).toBe(
      'body/paths must be an array of strings',
    );
    expect(problem(SIGN_MANY_BODY, { paths: ['a'] })).toBe('body/expiresIn must be a number >= 1');
    expect(problem(REMOVE_BODY, { prefixes: 'a.png' })).toBe(
      'body/prefixes must be an array of strings',
    );
    expect(problem(REMOVE_BODY, {})).toBe('body/prefixes must be an array of strings');
  });

  it('listing: defaults for what is left out, a sortBy that is no object ignored', () => {
    expect(bodyAs(LIST_BODY, {})).toEqual({
      limit: 100,
      offset: 0,
      sortBy: { column: 'name', order: 'asc' },
      search: '',
      prefix: '',
    });
    expect(
      bodyAs(LIST_BODY, {
        limit: null,
        offset: 5,
        sortBy: 'name',
        search: 3,
        prefix: 'user/',
      }),
    ).toEqual({
      limit: 100,
      offset: 5,
      sortBy: { column: 'name', order: 'asc' },
      search: '',
      prefix: 'user/',
    });
    expect(bodyAs(LIST_BODY, { sortBy: { column: 'created_at', order: 'DESC' } }).sortBy).toEqual({
      column: 'created_at',
      order: 'DESC',
    });
    expect(problem(LIST_BODY, { limit: -1 })).toBe('body/limit must be a non-negative integer');
    expect(problem(LIST_BODY, { offset: 1.5 })).toBe('body/offset must be a non-negative integer');
    expect(problem(LIST_BODY, { sortBy: { column: 'owner' } })).toBe(
      'body/sortBy/column is invalid',
    );
  });

  it('move and copy: the three keys required, the destination bucket a string when given', () => {
    const keys = { bucketId: 'avatars', sourceKey: 'a.png', destinationKey: 'b.png' };
    expect(bodyAs(TRANSFER_BODY, { ...keys, destinationBucket: '' })).toStrictEqual({
      ...keys,
      destinationBucket: null,
    });
    // Each name is checked where storage checks it: before what comes after it.
    expect(problem(TRANSFER_BODY, { bucketId: 'bad name!' })).toBe(
      'Bucket name invalid: "bad name!"',
    );
    expect(problem(TRANSFER_BODY, { ...keys, sourceKey: '/', destinationBucket: 5 })).toMatch(
      /^Invalid key: /,
    );
    expect(
      problem(TRANSFER_BODY, { ...keys, destinationKey: '/', destinationBucket: 'bad name!' }),
    ).toMatch(/^Invalid key: /);
    expect(problem(TRANSFER_BODY, { bucketId: 'avatars', sourceKey: 'a.png' })).toBe(
      "body must have required property 'destinationKey'",
    );
    expect(problem(TRANSFER_BODY, { ...keys, sourceKey: '' })).toBe(
      "body must have required property 'sourceKey'",
    );
    expect(problem(TRANSFER_BODY, { ...keys, destinationBucket: 7 })).toBe(
      'body/destinationBucket must be string',
    );
    expect(problem(COPY_OPTIONS_BODY, { copyMetadata: 'no' })).toBe(
      'body/copyMetadata must be boolean',
    );
    expect(problem(COPY_OPTIONS_BODY, { metadata: [] })).toBe('body/metadata must be object');
    expect(problem(COPY_OPTIONS_BODY, { metadata: { cacheControl: 60 } })).toBe(
      'body/metadata/cacheControl must be string',
    );
  });

  it('buckets: only the settings present, null clearing a limit, sizes in units', () => {
    expect(bodyAs(BUCKET_BODY, { id: 'docs' })).toStrictEqual({ id: 'docs' });
    expect(
      bodyAs(BUCKET_BODY, {
        public: true,
        file_size_limit: '2MB',
        allowed_mime_types: null,
      }),
    ).toStrictEqual({ public: true, file_size_limit: 2_000_000, allowed_mime_types: null });
    expect(bodyAs(BUCKET_BODY, { file_size_limit: null })).toStrictEqual({ file_size_limit: null });
    // The first problem in the body's order wins, whatever comes after it.
    expect(problem(BUCKET_BODY, { public: 'x', file_size_limit: 'abc' })).toBe(
      'body/public must be boolean',
    );
    expect(problem(BUCKET_BODY, { public: 'yes' })).toBe('body/public must be boolean');
    expect(problem(BUCKET_BODY, { allowed_mime_types: ['image/png', 'png'] })).toBe(
      'body/allowed_mime_types must be an array of mime types',
    );
    expect(problem(BUCKET_BODY, { file_size_limit: 'big' })).toBe('Invalid file size limit: "big"');
  });
});
