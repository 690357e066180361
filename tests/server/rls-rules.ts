import { ids, questionId, stepId } from './fixtures.ts';

// Who may do what on every table of `public`, and on the avatars of `storage.objects`, as
// observed through grants and RLS: each cell is one statement run as that actor in a
// transaction that is rolled back afterwards.
//   a number  = rows visible (select) or rows inserted / changed / deleted;
//   NO_GRANT  = 42501 "permission denied for table" (no privilege: the client gets 401/403);
//   RLS       = 42501 "new row violates row-level security policy".
// Select, update and delete address "the probe row": A's row for per-user tables, a fixture row
// for content. Insert writes a new row on behalf of A (or a new content row).

export const NO_GRANT = 'no grant';
export const RLS = 'rls';
export type Cell = number | typeof NO_GRANT | typeof RLS | `error ${string}`;
//                      anon  A     B     admin service
export type Row = readonly [Cell, Cell, Cell, Cell, Cell];

export interface TableRules {
  /** Set for storage.objects only: over HTTP it is storage's API, not /rest/v1. */
  schema?: 'storage';
  table: string;
  label?: string;
  /** SQL fragments: the probe row, a new row's columns and values, a harmless change. */
  sql: { where: string; insert: string; set: string };
  select: Row;
  insert: Row;
  update: Row;
  delete: Row;
}

const A = ids.userA;
const beginner = ids.modules.beginner;
const intermediate = ids.modules.intermediate;
const step1 = stepId('beginner', 1);
const question1 = questionId('beginner', 1);

const N = NO_GRANT;
const content = (table: string, where: string, insert: string, set: string): TableRules => ({
  table,
  sql: { where, insert, set },
  // Everyone reads; admins (and the service role) write; a signed-in user's write is refused by
  // RLS, a visitor's by the missing grant.
  select: [1, 1, 1, 1, 1],
  insert: [N, RLS, RLS, 1, 1],
  update: [N, 0, 0, 1, 1],
  delete: [N, 0, 0, 1, 1],
});
const ownerReadsOnly = (table: string, insert: string, set: string): TableRules => ({
  table,
  sql: { where: `user_id = '${A}'`, insert, set },
  // The owner reads; nobody but the service role writes (the functions write as their owner).
  select: [N, 1, 0, 0, 1],
  insert: [N, N, N, N, 1],
  update: [N, N, N, N, 1],
  delete: [N, N, N, N, 1],
});

export const rules: readonly TableRules[] = [
  {
    schema: 'storage',
    table: 'objects',
    label: "avatars, A's file",
    sql: {
      where: `bucket_id = 'avatars' and name = '${A}/avatar.png'`,
      insert: `(bucket_id, name, owner_id) values ('avatars', '${A}/probe.png', '${A}')`,
      set: 'name = name',
    },
    // Only the owner lists and writes their folder, so that no listing tells who has an
    // account; the public URL still serves the file to anyone (admins-hidden.test.ts).
    select: [0, 1, 0, 0, 1],
    insert: [RLS, 1, RLS, RLS, 1],
    update: [0, 1, 0, 0, 1],
    delete: [0, 1, 0, 0, 1],
  },
  {
    table: 'profiles',
    // A's profile exists (the sign-up trigger made it): nothing to insert even when allowed.
    sql: {
      where: `user_id = '${A}'`,
      insert: `(user_id, full_name) values ('${A}', 'x') on conflict (user_id) do nothing`,
      set: 'full_name = full_name',
    },
    select: [N, 1, 0, 1, 1],
    insert: [N, N, N, N, 0],
    update: [N, 1, 0, 0, 1],
    delete: [N, N, N, N, 1],
  },
  {
    table: 'user_roles',
    sql: {
      where: `user_id = '${A}'`,
      insert: `(user_id, role) values ('${A}', 'admin')`,
      set: 'role = role',
    },
    select: [N, 1, 0, 1, 1],
    insert: [N, N, N, N, 1],
    update: [N, N, N, N, 1],
    delete: [N, N, N, N, 1],
  },
  {
    table: 'favorites',
    sql: {
      where: `user_id = '${A}'`,
      insert: `(user_id, token_id) values ('${A}', 'ethereum')`,
      set: 'created_at = created_at',
    },
    select: [N, 1, 0, 0, 1],
    insert: [N, 1, RLS, RLS, 1],
    update: [N, N, N, N, 1],
    delete: [N, 1, 0, 0, 1],
  },
  {
    table: 'contact_messages',
    label: 'signed by A',
    sql: {
      where: `user_id = '${A}'`,
      insert: `(name, email, subject, message, user_id)
             values ('Alice', 'alice@example.test', 'general', 'Hello again, team!', '${A}')`,
      set: 'status = status',
    },
    select: [N, 0, 0, 1, 1],
    insert: [RLS, 1, RLS, RLS, 1],
    update: [N, 0, 0, 1, 1],
    delete: [N, 0, 0, 1, 1],
  },
  {
    table: 'contact_messages',
    label: 'unsigned',
    sql: {
      where: 'user_id is null',
      insert: `(name, email, subject, message) values ('Visitor', 'v@example.test', 'other', 'A question for you')`,
      set: 'status = status',
    },
    select: [N, 0, 0, 1, 1],
    insert: [1, 1, 1, 1, 1],
    update: [N, 0, 0, 1, 1],
    delete: [N, 0, 0, 1, 1],
  },
  content(
    'terms',
    `id = '${ids.termBlockchain}'`,
    `(slug, category) values ('probe', 'defi')`,
    'slug = slug',
  ),
  content(
    'term_translations',
    `term_id = '${ids.termBlockchain}' and language = 'en'`,
    `(term_id, language, title, short_definition, body) values ('${ids.termBlockchain}', 'fr', 'T', 'D', 'B')`,
    'title = title',
  ),
  content(
    'tokens',
    `id = 'bitcoin'`,
    `(id, symbol, name) values ('probe-coin', 'PRB', 'Probe')`,
    'name = name',
  ),
  content(
    'token_translations',
    `token_id = 'bitcoin' and language = 'en'`,
    `(token_id, language) values ('bitcoin', 'fr')`,
    'about = about',
  ),
  {
    table: 'token_market',
    sql: {
      where: `token_id = 'bitcoin'`,
      insert: `(token_id, price_usd) values ('ethereum', 2)`,
      set: 'price_usd = price_usd',
    },
    // Everyone reads; only the service role (the price refresh) writes, not even admins.
    select: [1, 1, 1, 1, 1],
    insert: [N, N, N, N, 1],
    update: [N, N, N, N, 1],
    delete: [N, N, N, N, 1],
  },
  {
    table: 'market_refresh_status',
    // The migration creates the single row: a second one is refused by the key (23505) and any
    // id but true by the check (23514), so the probe insert adds nothing even when allowed.
    sql: {
      where: 'id = true',
      insert: '(id) values (true) on conflict (id) do nothing',
      set: 'provider_calls = provider_calls',
    },
    // Everyone reads; only the service role (the price refresh) writes, not even admins.
    select: [1, 1, 1, 1, 1],
    insert: [N, N, N, N, 0],
    update: [N, N, N, N, 1],
    delete: [N, N, N, N, 1],
  },
  {
    table: 'market_top_coins',
    sql: {
      where: `id = 'hyperliquid'`,
      insert: `(id, symbol, name, market_cap_rank) values ('sonic-3', 'S', 'Sonic', 40)`,
      set: 'market_cap_rank = market_cap_rank',
    },
    // Only admins read it (the dashboard); only the service role (the daily read) writes.
    select: [N, 0, 0, 1, 1],
    insert: [N, N, N, N, 1],
    update: [N, N, N, N, 1],
    delete: [N, N, N, N, 1],
  },
  content(
    'learning_modules',
    `id = '${beginner}'`,
    `(slug, level) values ('probe', 'advanced')`,
    'position = position',
  ),
  content(
    'learning_module_translations',
    `module_id = '${beginner}' and language = 'en'`,
    `(module_id, language, title) values ('${beginner}', 'fr', 'Titre')`,
    'title = title',
  ),
  content(
    'learning_steps',
    `id = '${step1}'`,
    `(module_id, position) values ('${beginner}', 9)`,
    'position = position',
  ),
  content(
    'learning_step_translations',
    `step_id = '${step1}' and language = 'en'`,
    `(step_id, language, title, body) values ('${step1}', 'fr', 'T', 'B')`,
    'title = title',
  ),
  content(
    'quiz_questions',
    `id = '${question1}'`,
    `(module_id, position) values ('${beginner}', 9)`,
    'position = position',
  ),
  content(
    'quiz_question_translations',
    `question_id = '${question1}' and language = 'en'`,
    `(question_id, language, prompt, options) values ('${question1}', 'fr', 'P', '[]')`,
    'prompt = prompt',
  ),
  {
    table: 'quiz_answers',
    sql: {
      where: `question_id = '${question1}'`,
      insert: `(question_id, correct_option_key) values ('${questionId('intermediate', 1)}', 'c')`,
      set: 'correct_option_key = correct_option_key',
    },
    // Nobody: only SECURITY DEFINER functions read the answers.
    select: [N, N, N, N, N],
    insert: [N, N, N, N, N],
    update: [N, N, N, N, N],
    delete: [N, N, N, N, N],
  },
  ownerReadsOnly(
    'learning_progress',
    `(user_id, module_id) values ('${A}', '${intermediate}')`,
    'status = status',
  ),
  ownerReadsOnly(
    'learning_step_completions',
    `(user_id, module_id, position) values ('${A}', '${intermediate}', 1)`,
    'completed_at = completed_at',
  ),
  ownerReadsOnly(
    'quiz_attempts',
    `(user_id, module_id, attempt, score, total, passed) values ('${A}', '${beginner}', 2, 2, 2, true)`,
    'passed = passed',
  ),
  ownerReadsOnly(
    'user_badges',
    `(user_id, module_id, tier) values ('${A}', '${intermediate}', 'silver')`,
    'tier = tier',
  ),
  {
    table: 'generated_content',
    sql: {
      where: `target = 'term:blockchain'`,
      insert: `(kind, target, payload) values ('term', 'term:wallet', '{}')`,
      set: 'status = status',
    },
    // Admins only.
    select: [N, 0, 0, 1, 1],
    insert: [N, RLS, RLS, 1, 1],
    update: [N, 0, 0, 1, 1],
    delete: [N, 0, 0, 1, 1],
  },
];
