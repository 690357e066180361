import type { IncomingMessage, ServerResponse } from 'node:http';

// Small helpers every service shares: reading a bounded body and writing JSON/errors.

export type Headers = Record<string, string>;

/** A PostgREST-shaped error body; other services reuse the shape for gateway errors. */
export interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Headers;

  constructor(status: number, body: ErrorBody, headers: Headers = {}) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function errorBody(
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): ErrorBody {
  return { code, message, details, hint };
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function send(
  res: ServerResponse,
  status: number,
  body: string | undefined,
  headers: Headers = {},
): void {
  const all: Headers = { ...headers };
  if (body !== undefined) {
    all['content-type'] ??= JSON_TYPE;
    all['content-length'] = String(Buffer.byteLength(body));
  }
  res.writeHead(status, all);
  res.end(body);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  send(res, error.status, JSON.stringify(error.body), {
    ...error.headers,
    'proxy-status': `PostgREST; error=${error.body.code}`,
  });
}

/** Reads the body, refusing more than limit bytes with 413 before buffering it all. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  const tooLarge = (): HttpError =>
    new HttpError(
      413,
      errorBody('PGRST413', 'Payload Too Large', `The request body exceeds ${limit} bytes`),
    );
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
