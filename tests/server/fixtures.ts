import type { Database, Queryable } from '../../server/db/database.ts';
import { asUser, type RequestClaims } from '../../server/db/requestContext.ts';

// Small fixture rows, inserted by the database owner (the seed's role), with fixed ids so that
// tests can name them. The real content arrives with the seed.

export const ids = {
  userA: '00000000-0000-4000-8000-00000000000a',
  userB: '00000000-0000-4000-8000-00000000000b',
  admin: '00000000-0000-4000-8000-0000000000ad',
  termBlockchain: '10000000-0000-4000-8000-000000000001',
  termWallet: '10000000-0000-4000-8000-000000000002',
  modules: {
    beginner: '20000000-0000-4000-8000-000000000001',
    intermediate: '20000000-0000-4000-8000-000000000002',
    advanced: '20000000-0000-4000-8000-000000000003',
  },
} as const;

export type Level = keyof typeof ids.modules;
export const levels: readonly Level[] = ['beginner', 'intermediate', 'advanced'];

const moduleNumber: Record<Level, number> = { beginner: 1, intermediate: 2, advanced: 3 };
export const stepId = (level: Level, position: number): string =>
  `30000000-0000-4000-8000-0000000000${moduleNumber[level]}${position}`;
export const questionId = (level: Level, position: number): string =>
  `40000000-0000-4000-8000-0000000000${moduleNumber[level]}${position}`;

export const STEPS_PER_MODULE = 3;
/** The right option of question 1 is 'a', of question 2 'b'. */
export const correctKeys = ['a', 'b'] as const;

export interface TestUser {
  id: string;
  email: string;
  fullName: string;
}
export const userA: TestUser = { id: ids.userA, email: 'alice@example.test', fullName: 'Alice' };
export const userB: TestUser = { id: ids.userB, email: 'bob@example.test', fullName: 'Bob' };
export const adminUser: TestUser = {
  id: ids.admin,
  email: 'admin@example.test',
  fullName: 'Ada Admin',
};

export const anonClaims: RequestClaims = { role: 'anon' };
export const serviceClaims: RequestClaims = { role: 'service_role' };
export const claimsOf = (user: TestUser): RequestClaims => ({
  role: 'authenticated',
  aud: 'authenticated',
  sub: user.id,
  email: user.email,
});

/** Signs a user up as GoTrue does: inserted as supabase_auth_admin, so the trigger runs as it. */
export async function createUser(db: Database, user: TestUser): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec('set local role supabase_auth_admin');
    await tx.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2,
         extensions.crypt('password', extensions.gen_salt('bf', 4)), now(),
         '{"provider":"email","providers":["email"]}', jsonb_build_object('full_name', $3::text),
         now(), now())`,
      [user.id, user.email, user.fullName],
    );
  });
}

/** Users A, B and an admin (granted by the database owner, as a first admin would be). */
export async function seedUsers(db: Database): Promise<void> {
  for (const user of [userA, userB, adminUser]) await createUser(db, user);
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [ids.admin]);
}

/** Two terms, two tokens (market data for bitcoin only), and one module per level (3 steps, 2 questions). */
export async function seedContent(db: Database): Promise<void> {
  await db.query(
    `insert into public.terms (id, slug, category, related_slugs) values
       ($1, 'blockchain', 'technology', '{wallet}'), ($2, 'wallet', 'security', '{blockchain}')`,
    [ids.termBlockchain, ids.termWallet],
  );
  await db.query(
    `insert into public.term_translations (term_id, language, title, short_definition, body)
     select id, 'en', initcap(slug), 'A short definition.', 'A body.' from public.terms`,
  );
  await db.exec(`
    insert into public.tokens (id, symbol, name, rank) values
      ('bitcoin', 'BTC', 'Bitcoin', 1), ('ethereum', 'ETH', 'Ethereum', 2);
    insert into public.token_translations (token_id, language, about)
      select id, 'en', 'About ' || name from public.tokens;
    insert into public.token_market (token_id, price_usd) values ('bitcoin', 1);
  `);
  for (const level of levels) {
    const moduleId = ids.modules[level];
    await db.query(
      `insert into public.learning_modules (id, slug, level, position) values ($1, $2, $3, $4)`,
      [moduleId, `${level}-basics`, level, moduleNumber[level]],
    );
    await db.query(
      `insert into public.learning_module_translations (module_id, language, title) values ($1, 'en', $2)`,
      [moduleId, `${level} basics`],
    );
    for (let position = 1; position <= STEPS_PER_MODULE; position += 1) {
      await db.query(
        `insert into public.learning_steps (id, module_id, position) values ($1, $2, $3)`,
        [stepId(level, position), moduleId, position],
      );
      await db.query(
        `insert into public.learning_step_translations (step_id, language, title, body)
         values ($1, 'en', 'Step', 'Lesson text.')`,
        [stepId(level, position)],
      );
    }
    for (const [index, key] of correctKeys.entries()) {
      const id = questionId(level, index + 1);
      await db.query(
        `insert into public.quiz_questions (id, module_id, position) values ($1, $2, $3)`,
        [id, moduleId, index + 1],
      );
      await db.query(
        `insert into public.quiz_question_translations (question_id, language, prompt, options, explanations)
         values ($1, 'en', 'Which one?', '[{"key":"a","label":"A"},{"key":"b","label":"B"},{"key":"c","label":"C"}]',
                 jsonb_build_object('a', 'Explains a.', 'b', 'Explains b.', 'c', 'Explains c.'))`,
        [id],
      );
      await db.query(
        `insert into public.quiz_answers (question_id, correct_option_key) values ($1, $2)`,
        [id, key],
      );
    }
  }
}

/**
 * One row (or more) of each per-user table for A and for B (A has favourited bitcoin, B
 * ethereum; the step completions match the progress rows' completed steps), a
 * contact message signed by each and an unsigned one, a draft written by the admin, and one of
 * the provider's largest coins.
 */
export async function seedUserRows(db: Database): Promise<void> {
  const { userA: a, userB: b, admin } = ids;
  const beginner = ids.modules.beginner;
  await db.exec(`
    insert into public.favorites (user_id, token_id) values ('${a}', 'bitcoin'), ('${b}', 'ethereum');
    insert into public.contact_messages (name, email, subject, message, user_id) values
      ('Alice', 'alice@example.test', 'general', 'Hello from Alice!', '${a}'),
      ('Bob', 'bob@example.test', 'bug', 'Hello from Bob!!', '${b}'),
      ('Visitor', 'visitor@example.test', 'other', 'Hello from a visitor', null);
    insert into public.learning_progress (user_id, module_id, completed_steps) values
      ('${a}', '${beginner}', '{1}'), ('${b}', '${beginner}', '{1,2}');
    insert into public.learning_step_completions (user_id, module_id, position) values
      ('${a}', '${beginner}', 1), ('${b}', '${beginner}', 1), ('${b}', '${beginner}', 2);
    insert into public.quiz_attempts (user_id, module_id, attempt, score, total, passed) values
      ('${a}', '${beginner}', 1, 1, 2, false), ('${b}', '${beginner}', 1, 0, 2, false);
    insert into public.user_badges (user_id, module_id, tier) values
      ('${a}', '${beginner}', 'bronze'), ('${b}', '${beginner}', 'bronze');
    insert into public.generated_content (kind, target, payload, author_id) values
      ('term', 'term:blockchain', '{"en": {"title": "Blockchain"}}', '${admin}');
    insert into public.market_top_coins (id, symbol, name, market_cap_rank) values
      ('hyperliquid', 'HYPE', 'Hyperliquid', 12);
  `);
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

/** The SQLSTATE of a database error, or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

class RollbackSignal<T> extends Error {
  readonly value: T;

  constructor(value: T) {
    super('rollback');
    this.value = value;
  }
}

/**
 * Runs fn as the given claims (see asUser) and always rolls back, so each probe starts from the
 * same rows. A database error becomes { ok: false, code, message }.
 */
export async function attempt<T>(
  db: Database,
  claims: RequestClaims,
  fn: (tx: Queryable) => Promise<T>,
): Promise<Outcome<T>> {
  try {
    await asUser(db, claims, async (tx) => {
      throw new RollbackSignal(await fn(tx));
    });
    throw new Error('unreachable: the probe always rolls back');
  } catch (error) {
    if (error instanceof RollbackSignal) return { ok: true, value: error.value as T };
    const code = sqlState(error);
    if (code === undefined) throw error;
    return { ok: false, code, message: error instanceof Error ? error.message : String(error) };
  }
}
