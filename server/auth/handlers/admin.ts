import type { Queryable } from '../../db/database.ts';
import { createUser, setPassword } from '../accounts.ts';
import { asAuthAdmin } from '../context.ts';
import { AuthError } from '../errors.ts';
import { type AuthRequest, bearerClaims, bodyAs, readJson, sendJson } from '../http.ts';
import { hashPassword } from '../passwordHashing.ts';
import {
  ADMIN_CREATE_USER_BODY,
  ADMIN_UPDATE_USER_BODY,
  type AdminUserUpdate,
  UUID,
} from '../requestBodies.ts';
import {
  mergeMetadata,
  normalizeEmail,
  requireUser,
  userByEmail,
  userJson,
  usersJson,
  type UserRow,
} from '../users.ts';
import { generateLink } from './generateLink.ts';

// GoTrue's admin API: service-role JWTs only. List, create, read, update, delete users.

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

type Handler = (request: AuthRequest) => Promise<void>;

function requireAdmin(request: AuthRequest): void {
  const role = bearerClaims(request.req, request.ctx).role;
  if (typeof role !== 'string' || !ADMIN_ROLES.includes(role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
}

const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

async function listUsers({ req, res, url, ctx }: AuthRequest): Promise<void> {
  const page = Math.max(1, Number(url.searchParams.get('page') || '1') || 1);
  const perPage = Math.max(1, Number(url.searchParams.get('per_page') || '50') || 50);
  const { users, total } = await asAuthAdmin(ctx, async (tx) => {
    const count = await tx.query<{ n: number }>('select count(*)::int as n from auth.users');
    const { rows } = await tx.query<UserRow>(
      'select * from auth.users order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    return {
      users: await usersJson(tx, rows),
      total: count.rows[0]?.n ?? 0,
    };
  });
  const last = Math.max(1, Math.ceil(total / perPage));
  const links = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  sendJson(
    req,
    res,
    200,
    { users, aud: 'authenticated' },
    {
      'x-total-count': String(total),
      link: links.join(', '),
    },
  );
}

async function createUserHandler({ req, res, ctx }: AuthRequest): Promise<void> {
  const body = bodyAs(ADMIN_CREATE_USER_BODY, await readJson(req));
  const { email, id, role } = body;
  const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
  const created = await asAuthAdmin(ctx, async (tx) => {
    if ((await userByEmail(tx, email)) !== undefined) throw emailExists();
    const user = await createUser(tx, ctx, {
      email,
      passwordHash,
      userMetadata: body.user_metadata,
      appMetadata: body.app_metadata,
      confirmed: body.email_confirm,
      ...(id === undefined ? {} : { id }),
      ...(role === undefined ? {} : { role }),
    });
    return userJson(tx, user);
  });
  sendJson(req, res, 200, created);
}

async function targetUser(tx: Queryable, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  return requireUser(tx, id);
}

async function updateUserById(
  tx: Queryable,
  request: AuthRequest,
  id: string,
  body: AdminUserUpdate,
  passwordHash: string | undefined,
) {
  const { ctx } = request;
  const user = await targetUser(tx, id);
  const now = ctx.now().toISOString();
  const email = body.email === undefined ? undefined : normalizeEmail(body.email);
  if (email !== undefined && email !== user.email) {
    const taken = await userByEmail(tx, email);
    if (taken !== undefined && taken.id !== user.id) throw emailExists();
    await tx.query('update auth.users set email = $2, updated_at = $3 where id = $1', [
      user.id,
      email,
      now,
    ]);
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
       where user_id = $1 and provider = 'email'`,
      [user.id, email],
    );
  }
  if (body.user_metadata !== undefined || body.app_metadata !== undefined) {
    await tx.query(
      `update auth.users set raw_user_meta_data = $2::jsonb, raw_app_meta_data = $3::jsonb,
         updated_at = $4 where id = $1`,
      [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.user_metadata)),
        JSON.stringify(mergeMetadata(user.raw_app_meta_data, body.app_metadata)),
        now,
      ],
    );
  }
  if (body.email_confirm && user.email_confirmed_at === null) {
    await tx.query('update auth.users set email_confirmed_at = $2 where id = $1', [user.id, now]);
  }
  // An admin has no session to keep: a new password signs every session out.
  if (passwordHash !== undefined) await setPassword(tx, ctx, user.id, passwordHash, null);
  return userJson(tx, await requireUser(tx, user.id));
}

export function adminRoute(method: string, path: string): Handler | undefined {
  if (path === '/admin/generate_link')
    return method === 'POST' ? withAdmin(generateLink) : undefined;
  if (path === '/admin/users') {
    if (method === 'GET') return withAdmin(listUsers);
    if (method === 'POST') return withAdmin(createUserHandler);
    return undefined;
  }
  const match = /^\/admin\/users\/([^/]+)$/.exec(path);
  const id = match?.[1];
  if (id === undefined) return undefined;
  if (method === 'GET') {
    return withAdmin((request) =>
      answer(request, async (tx) => userJson(tx, await targetUser(tx, id))),
    );
  }
  if (method === 'PUT') {
    return withAdmin(async (request) => {
      const body = bodyAs(ADMIN_UPDATE_USER_BODY, await readJson(request.req));
      // Hashed before the transaction, which must not wait on it (passwordHashing.ts).
      const hash = body.password === undefined ? undefined : await hashPassword(body.password);
      await answer(request, (tx) => updateUserById(tx, request, id, body, hash));
    });
  }
  if (method === 'DELETE') {
    return withAdmin(async (request) => {
      // Nothing in the body counts, but a malformed one is refused as on every other route.
      await readJson(request.req);
      await answer(request, async (tx) => {
        await targetUser(tx, id);
        await tx.query('delete from auth.users where id = $1', [id]);
        return {};
      });
    });
  }
  return undefined;
}

/** Answers what `fn` returns from the admin's transaction. */
async function answer(
  request: AuthRequest,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  const result = await asAuthAdmin(request.ctx, fn);
  sendJson(request.req, request.res, 200, result);
}

/** Runs the handler for service-role (admin) callers only. */
export function withAdmin(handler: Handler): Handler {
  return (request) => {
    requireAdmin(request);
    return handler(request);
  };
}
