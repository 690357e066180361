import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from './db/database.ts';
import { fail, runOnConfiguredDatabase } from './start.ts';

// `npm run admin -- grant <email>` / `revoke <email>`: gives or takes the admin role, writing
// public.user_roles as the database owner. With PGlite the stack must be stopped (one process
// per data folder); with DATABASE_URL it may run.

export type AdminAction = 'grant' | 'revoke';

export interface AdminResult {
  email: string;
  userId: string;
  /** False when the user already had (grant) or did not have (revoke) the role. */
  changed: boolean;
  /** Admins left after the change. */
  admins: number;
}

export class UnknownUserError extends Error {
  override name = 'UnknownUserError';
}

export async function setAdminRole(
  db: Queryable,
  action: AdminAction,
  email: string,
): Promise<AdminResult> {
  const users = await db.query<{ id: string; email: string }>(
    'select id, email from auth.users where lower(email) = lower($1) order by created_at limit 1',
    [email.trim()],
  );
  const user = users.rows[0];
  if (user === undefined) {
    throw new UnknownUserError(`No user with the email ${email.trim()}: sign up first.`);
  }
  const change =
    action === 'grant'
      ? `insert into public.user_roles (user_id, role) values ($1, 'admin')
         on conflict (user_id, role) do nothing`
      : `delete from public.user_roles where user_id = $1 and role = 'admin'`;
  const { rowCount } = await db.query(change, [user.id]);
  const count = await db.query<{ admins: number }>(
    `select count(*)::int as admins from public.user_roles where role = 'admin'`,
  );
  return {
    email: user.email,
    userId: user.id,
    changed: rowCount > 0,
    admins: count.rows[0]?.admins ?? 0,
  };
}

export function describeResult(action: AdminAction, result: AdminResult): string {
  if (action === 'grant') {
    return result.changed
      ? `${result.email} is now an admin.`
      : `${result.email} was already an admin; nothing changed.`;
  }
  if (!result.changed) return `${result.email} was not an admin; nothing changed.`;
  const warning =
    result.admins === 0
      ? ' Warning: there is no admin left; grant one with `npm run admin -- grant <email>`.'
      : '';
  return `${result.email} is no longer an admin.${warning}`;
}

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

async function main(args: readonly string[]): Promise<number> {
  const [action, email, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || email === undefined || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  return runOnConfiguredDatabase(
    async (db) => {
      console.log(describeResult(action, await setAdminRole(db, action, email)));
    },
    {
      isUserError: (error) => error instanceof UnknownUserError,
      noTables: 'The database has no tables yet: start the stack once (npm start) and sign up.',
    },
  );
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main(process.argv.slice(2)).then((code) => process.exit(code), fail);
}
