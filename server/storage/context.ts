import type { IncomingHttpHeaders } from 'node:http';
import type { Database, Queryable } from '../db/database.ts';
import { asUser, type RequestClaims } from '../db/requestContext.ts';
import { HttpError } from '../http/respond.ts';
import { requestClaims } from '../rest/auth.ts';
import { StorageError } from './errors.ts';

// Who a storage request runs as (the same API key + JWT rules as REST, reported in storage's
// error shape), and the per-request transaction with the settings storage sets.

/**
 * The verified claims. A missing API key is the gateway's 401; a bad or expired token is
 * storage's AccessDenied (HTTP 400, statusCode "403").
 */
export function storageClaims(
  headers: IncomingHttpHeaders,
  url: URL,
  secret: string,
): RequestClaims {
  try {
    return requestClaims(headers, url, secret);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.body.code === 'PGRST302') {
      throw new StorageError(401, 'Unauthorized', 'Unauthorized', error.message, 401);
    }
    const message = error.message === 'JWT expired' ? 'jwt expired' : error.message;
    throw new StorageError(403, 'Unauthorized', 'AccessDenied', message);
  }
}

/** Like storageClaims, but a missing or invalid token is the anonymous role (downloads). */
export function optionalClaims(
  headers: IncomingHttpHeaders,
  url: URL,
  secret: string,
): RequestClaims {
  try {
    return storageClaims(headers, url, secret);
  } catch {
    return { role: 'anon' };
  }
}

/**
 * Runs fn in one transaction as the claims' role (asUser), with storage's own settings as well:
 * the per-claim GUCs, `storage.operation` for policies, and `storage.allow_delete_query`.
 */
export function asStorageUser<T>(
  db: Database,
  claims: RequestClaims,
  operation: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return asUser(db, claims, async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claim.role', $1, true),
              set_config('request.jwt.claim.sub', $2, true),
              set_config('storage.operation', $3, true),
              set_config('storage.allow_delete_query', 'true', true)`,
      [claims.role, typeof claims.sub === 'string' ? claims.sub : '', operation],
    );
    return fn(tx);
  });
}

class Rollback extends Error {}

/**
 * Runs fn like asStorageUser and always rolls back: a permission probe, as the storage server
 * makes one before it signs an upload URL, which lets the policies judge a write that is not
 * done yet (or is done later by someone else).
 */
export async function probeAsStorageUser(
  db: Database,
  claims: RequestClaims,
  operation: string,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  const rollback = new Rollback('rolled back on purpose');
  try {
    await asStorageUser(db, claims, operation, async (tx) => {
      await fn(tx);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
}
