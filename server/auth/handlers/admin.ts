import type { Queryable } from '../../db/database.ts';
import { createUser, setPassword } from '../accounts.ts';
import { asAuthAdmin } from '../context.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { type AuthRequest, bearerClaims, type Body, readJson, sendJson, text } from '../http.ts';
import { hashPassword } from '../passwordHashing.ts';
import { checkPassword } from '../passwords.ts';
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
import { asObject } from './signup.ts';

// GoTrue's admin API: service-role JWTs only. List, create, read, update, delete users.

const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const body = await readJson(req);
  if (text(body, 'email') === undefined) {
    throw validationFailed('Cannot create a user without either an email or phone');
  }
  const email = normalizeEmail(body.email);
  const id = text(body, 'id');
  if (id !== undefined && !UUID.test(id))
    throw validationFailed('ID must conform to the uuid v4 format');
  // As GoTrue: an empty password means none, any other must meet the rule, as at sign-up.
  const rawPassword = text(body, 'password');
  const passwordHash =
    rawPassword === undefined ? null : await hashPassword(checkPassword(rawPassword));
  const answer = await asAuthAdmin(ctx, async (tx) => {
    if ((await userByEmail(tx, email)) !== undefined) throw emailExists();
    const user = await createUser(tx, ctx, {
      email,
      passwordHash,
      userMetadata: asObject(body.user_metadata),
      appMetadata: asObject(body.app_metadata),
      confirmed: body.email_confirm === true,
      ...(id === undefined ? {} : { id }),
      ...(text(body, 'role') === undefined ? {} : { role: text(body, 'role') }),
    });
    return userJson(tx, user);
  });
  sendJson(req, res, 200, answer);
}

async function targetUser(tx: Queryable, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  return requireUser(tx, id);
}

async function updateUserById(
  tx: Queryable,
  request: AuthRequest,
  id: string,
  body: Body,
  passwordHash: string | undefined,
) {
  const { ctx } = request;
  const user = await targetUser(tx, id);
  const now = ctx.now().toISOString();
  const email = text(body, 'email') === undefined ? undefined : normalizeEmail(body.email);
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
  if (body.email_confirm === true && user.email_confirmed_at === null) {
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
  const one = (
    fn: (tx: Queryable, request: AuthRequest, body: Body, hash?: string) => Promise<unknown>,
  ) =>
    withAdmin(async (request) => {
      const body = method === 'GET' ? {} : await readJson(request.req);
      // Hashed before the transaction, which must not wait on it (passwordHashing.ts).
      const password = method === 'PUT' ? text(body, 'password') : undefined;
      const hash = password === undefined ? undefined : await hashPassword(checkPassword(password));
      const answer = await asAuthAdmin(request.ctx, (tx) => fn(tx, request, body, hash));
      sendJson(request.req, request.res, 200, answer);
    });
  if (method === 'GET') return one(async (tx) => userJson(tx, await targetUser(tx, id)));
  if (method === 'PUT') {
    return one((tx, request, body, hash) => updateUserById(tx, request, id, body, hash));
  }
  if (method === 'DELETE') {
    return one(async (tx) => {
      await targetUser(tx, id);
      await tx.query('delete from auth.users where id = $1', [id]);
      return {};
    });
  }
  return undefined;
}

/** Runs the handler for service-role (admin) callers only. */
export function withAdmin(handler: Handler): Handler {
  return (request) => {
    requireAdmin(request);
    return handler(request);
  };
}
