import type { Database, Queryable, TransactionOptions } from './database.ts';

/** The roles a request may run as: the JWT's `role` claim must be one of them. */
export const requestRoles = ['anon', 'authenticated', 'service_role'] as const;
export type RequestRole = (typeof requestRoles)[number];

/** The claims of a verified JWT (or of the anon key); `role` is checked at run time. */
export interface RequestClaims {
  role: string;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

export function isRequestRole(value: unknown): value is RequestRole {
  return typeof value === 'string' && (requestRoles as readonly string[]).includes(value);
}

/**
 * Runs fn in one transaction as PostgREST does for a request: the role set to the claims' role
 * and `request.jwt.claims` set for the transaction only, so that Postgres' grants and RLS
 * policies (through auth.uid(), auth.jwt()) decide what fn may see and change. `settings` are
 * further transaction-local settings (the REST service's request GUCs and timeout). All of them
 * end with the transaction. `options` as in Database.transaction (a one-statement read).
 */
export async function asUser<T>(
  db: Database,
  claims: RequestClaims,
  fn: (tx: Queryable) => Promise<T>,
  settings: Readonly<Record<string, string>> = {},
  options?: TransactionOptions,
): Promise<T> {
  const role = claims.role;
  if (!isRequestRole(role)) {
    throw new Error(
      `Refusing to run as role ${JSON.stringify(role)}: not one of ${requestRoles.join(', ')}.`,
    );
  }
  const claimsJson = JSON.stringify(claims);
  // One statement for them all, as PostgREST sends them, and sent with the transaction's begin
  // and first query (server/db/database.ts): on Postgres each statement sent alone is a round
  // trip, and a request paid seven (begin, role, claims, read-only, settings, query, commit).
  // set_config('role', …, true) is `set local role`; names and values are bound parameters.
  const entries = Object.entries({ role, 'request.jwt.claims': claimsJson, ...settings });
  const calls = entries.map((_, index) => `set_config($${2 * index + 1}, $${2 * index + 2}, true)`);
  return db.transaction(fn, { sql: `select ${calls.join(', ')}`, params: entries.flat() }, options);
}
