import * as v from 'valibot';
import { parseFileSize } from './mime.ts';
import { checkBucketId, checkObjectName } from './paths.ts';

// The JSON bodies the storage API accepts, as valibot schemas. Each problem's message is the
// one hosted storage answers (its routes check bodies with JSON schemas), so that storage-js
// and a person reading the 400 see the same words as on a hosted project. server/storage/body.ts
// `readBody` reads a body against one of them.

/** A missing or empty required string names the property, as storage's schema check does. */
const requiredProperty = (issue: v.BaseIssue<unknown>) => {
  const key: unknown = issue.path?.[0]?.key;
  return `body must have required property '${typeof key === 'string' ? key : ''}'`;
};
const requiredString = (key: string) => {
  const message = `body must have required property '${key}'`;
  return v.pipe(v.string(message), v.nonEmpty(message));
};

const EXPIRES_IN = 'body/expiresIn must be a number >= 1';
/** Seconds a signed URL lasts: a number of at least 1, whole seconds kept. */
const expiresIn = v.pipe(
  v.number(EXPIRES_IN),
  v.finite(EXPIRES_IN),
  v.minValue(1, EXPIRES_IN),
  v.transform(Math.floor),
);

const stringsOf = (name: string) => {
  const message = `body/${name} must be an array of strings`;
  return v.array(v.string(message), message);
};

/** POST /object/sign/{b}/{p} */
export const SIGN_BODY = v.object({ expiresIn }, EXPIRES_IN);

/** POST /object/sign/{b}: createSignedUrls. */
export const SIGN_MANY_BODY = v.object({ expiresIn, paths: stringsOf('paths') }, (issue) =>
  issue.path?.[0]?.key === 'paths' ? 'body/paths must be an array of strings' : EXPIRES_IN,
);

/** DELETE /object/{b} */
export const REMOVE_BODY = v.object(
  { prefixes: stringsOf('prefixes') },
  'body/prefixes must be an array of strings',
);

export const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

const count = (name: string, fallback: number) => {
  const message = `body/${name} must be a non-negative integer`;
  return v.optional(
    v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(0, message)), fallback),
    fallback,
  );
};

/** POST /object/list/{b}; what storage-js leaves out takes its defaults. */
export const LIST_BODY = v.object({
  limit: count('limit', 100),
  offset: count('offset', 0),
  // A sortBy that is not an object is as none (storage-js always sends one).
  sortBy: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'object' && value !== null ? value : {})),
      v.object({
        column: v.optional(
          v.nullable(v.picklist(SORT_COLUMNS, 'body/sortBy/column is invalid'), 'name'),
          'name',
        ),
        order: v.fallback(v.optional(v.string(), 'asc'), 'asc'),
      }),
    ),
    {},
  ),
  search: v.fallback(v.optional(v.string(), ''), ''),
  prefix: v.fallback(v.optional(v.string(), ''), ''),
});

/**
 * POST /object/move and /object/copy: which object goes where. Each name is checked as soon as
 * it is read, in storage's order (a bad bucket name before a missing key after it); those
 * checks answer storage's own errors (InvalidBucketName, InvalidKey).
 */
export const TRANSFER_BODY = v.object(
  {
    bucketId: v.pipe(
      requiredString('bucketId'),
      v.transform((id: string) => checkBucketId(id)),
    ),
    sourceKey: v.pipe(requiredString('sourceKey'), v.transform(checkObjectName)),
    destinationKey: v.pipe(requiredString('destinationKey'), v.transform(checkObjectName)),
    // Empty or left out: the source's bucket.
    destinationBucket: v.optional(
      v.nullable(
        v.pipe(
          v.string('body/destinationBucket must be string'),
          v.transform((id) => (id === '' ? null : checkBucketId(id))),
        ),
      ),
    ),
  },
  requiredProperty,
);

/** POST /object/copy's own options, beside the transfer's keys. */
export const COPY_OPTIONS_BODY = v.object({
  copyMetadata: v.optional(v.nullable(v.boolean('body/copyMetadata must be boolean'))),
  metadata: v.optional(
    v.nullable(
      v.pipe(
        // valibot takes an array for an object; storage's schema does not.
        v.unknown(),
        v.check((value) => !Array.isArray(value), 'body/metadata must be object'),
        v.looseObject(
          { cacheControl: v.optional(v.string('body/metadata/cacheControl must be string')) },
          'body/metadata must be object',
        ),
      ),
    ),
  ),
});

const MIME_PATTERN = /^[\w.+-]+\/([\w.+-]+|\*)$/;
const MIME_TYPES = 'body/allowed_mime_types must be an array of mime types';

/**
 * POST /bucket and PUT /bucket/{id}: a setting left out stays as it is (or takes the table's
 * default); `null` clears a limit.
 */
export const BUCKET_BODY = v.object({
  id: v.optional(v.unknown()),
  name: v.optional(v.unknown()),
  owner: v.optional(v.unknown()),
  public: v.optional(v.boolean('body/public must be boolean')),
  file_size_limit: v.optional(v.pipe(v.unknown(), v.transform(parseFileSize))),
  allowed_mime_types: v.optional(
    v.nullable(
      v.array(v.pipe(v.string(MIME_TYPES), v.regex(MIME_PATTERN, MIME_TYPES)), MIME_TYPES),
    ),
  ),
});
