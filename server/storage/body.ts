import type { IncomingMessage } from 'node:http';
import * as v from 'valibot';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/jsonDepth.ts';
import { errors } from './errors.ts';

// Upload bodies: raw bytes with content-type/cache-control headers, or multipart/form-data
// with one file part (empty field name) and the fields cacheControl, contentType, metadata.

export interface UploadBody {
  bytes: Buffer;
  declaredType: string | undefined;
  cacheControl: string;
  userMetadata: unknown;
}

/** Room for multipart boundaries and fields on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads the whole body; more than limit bytes is EntityTooLarge. The excess is drained (not
 * kept) so that the client reads the answer instead of a reset connection.
 */
export async function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw errors.tooLarge();
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = (await readLimited(req, 1024 * 1024)).toString('utf8');
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    // Reported below.
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.invalidRequest('body must be a JSON object');
  }
  if (nestsDeeperThan(value)) {
    throw errors.invalidRequest(`body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value as Record<string, unknown>;
}

/**
 * A JSON body checked against one of the schemas of requestBodies.ts, field after field in the
 * schema's order; the first problem is the 400 (and nothing after it is looked at).
 */
export function bodyAs<S extends v.GenericSchema>(
  schema: S,
  body: Record<string, unknown>,
): v.InferOutput<S> {
  const result = v.safeParse(schema, body, { abortEarly: true });
  if (result.success) return result.output;
  throw errors.invalidRequest(result.issues[0].message);
}

/** The request's JSON body, checked against `schema`. */
export async function readBody<S extends v.GenericSchema>(
  req: IncomingMessage,
  schema: S,
): Promise<v.InferOutput<S>> {
  return bodyAs(schema, await readJson(req));
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function parseMetadata(text: string | undefined, base64: boolean): unknown {
  if (text === undefined || text === '') return null;
  let metadata: unknown;
  try {
    metadata = JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text) as unknown;
  } catch {
    throw errors.invalidRequest('Invalid metadata');
  }
  if (nestsDeeperThan(metadata)) throw errors.invalidRequest('Invalid metadata');
  return metadata;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function parseParts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) throw errors.invalidRequest('Malformed multipart body');
    const part = body.subarray(afterDelimiter + 2, next - 2); // CRLF after the delimiter and before the next
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) throw errors.invalidRequest('Malformed multipart body');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, split).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: part.subarray(split + 4) });
    start = next;
  }
  return parts;
}

function multipart(body: Buffer, contentType: string): UploadBody {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  if (value === undefined) throw errors.invalidRequest('Missing multipart boundary');
  const fields = new Map<string, string>();
  let file: Part | undefined;
  for (const part of parseParts(body, value.trim())) {
    const disposition = part.headers['content-disposition'] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
    if (/\bfilename="/i.test(disposition)) {
      if (file !== undefined) throw errors.invalidRequest('Only one file per upload');
      file = part;
    } else if (fields.size < 10) {
      fields.set(name, part.body.toString('utf8'));
    }
  }
  if (file === undefined) throw errors.invalidRequest('No file in the multipart body');
  const cacheControl = fields.get('cacheControl');
  return {
    bytes: file.body,
    declaredType: fields.get('contentType') ?? file.headers['content-type'],
    cacheControl: cacheControl === undefined ? 'no-cache' : `max-age=${cacheControl}`,
    userMetadata: parseMetadata(fields.get('metadata'), false),
  };
}

/** Reads an upload; limit bounds the file (multipart gets room for its framing). */
export async function readUpload(req: IncomingMessage, limit: number): Promise<UploadBody> {
  const contentType = header(req, 'content-type') ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    const upload = multipart(await readLimited(req, limit + MULTIPART_OVERHEAD), contentType);
    if (upload.bytes.length > limit) throw errors.tooLarge();
    return upload;
  }
  return {
    bytes: await readLimited(req, limit),
    declaredType: contentType === '' ? undefined : contentType,
    cacheControl: header(req, 'cache-control') ?? 'no-cache',
    userMetadata: parseMetadata(header(req, 'x-metadata'), true),
  };
}
