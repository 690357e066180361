import { quoteIdentifier, type Database, type Queryable } from './database.ts';

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
 * Runs fn in one transaction as PostgREST does for a request: `set local role` to the claims'
 * role and `request.jwt.claims` set for the transaction only, so that Postgres' grants and RLS
 * policies (through auth.uid(), auth.jwt()) decide what fn may see and change. Both settings end
 * with the transaction.
 */
export async function asUser<T>(
  db: Database,
  claims: RequestClaims,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const role = claims.role;
  if (!isRequestRole(role)) {
    throw new Error(
      `Refusing to run as role ${JSON.stringify(role)}: not one of ${requestRoles.join(', ')}.`,
    );
  }
  const claimsJson = JSON.stringify(claims);
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${quoteIdentifier(role)}`);
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claimsJson]);
    return fn(tx);
  });
}
