import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, createUser, userA, type TestUser } from './fixtures.ts';
import { seededStack } from './stack.ts';

// Quiz answers never reach a client. A dedicated module's right option keys are unique strings;
// every table and view a client can read (select=*, or each column when * is refused) and every
// function it can execute are called over HTTP with the unmodified supabase-js, as a visitor,
// a signed-in user and an admin, before and after submissions, and no response may contain a
// right key, nor the name of the column that holds them.
//
// Two places legitimately hold a right key, and only those are set aside, after checking them:
//   - the public option list of a question (`quiz_question_translations.options`) names every
//     option, the right one among them: that list is removed from those rows before the search;
//   - a submission that chose the right key gets its choice echoed back (`questions[].chosen`),
//     and the caller's own attempts and export then hold it. Each echo is checked to be exactly
//     what was sent, then removed; and the tables and functions are searched again only as the
//     callers that never chose a right key.

const SECRET_MODULE = '20000000-0000-4000-8000-0000000000f1';
const SECRET_STEP = '30000000-0000-4000-8000-0000000000f1';
const secretQuestions = [
  {
    id: '40000000-0000-4000-8000-0000000000f1',
    right: 'k-right-7f3a',
    options: ['k-wrong-1d2e', 'k-right-7f3a', 'k-wrong-93b0'],
  },
  {
    id: '40000000-0000-4000-8000-0000000000f2',
    right: 'k-right-c41d',
    options: ['k-right-c41d', 'k-wrong-5e6f'],
  },
] as const;
const RIGHT_KEYS: readonly string[] = secretQuestions.map((question) => question.right);
/** A prompt of the module: seen in a response, it shows the probes reach the module's rows. */
const SECRET_PROMPT = 'Secrecy probe: which option?';

type QuizAnswers = Record<string, string>;
/** Only wrong keys. */
const wrongAnswers: QuizAnswers = {
  [secretQuestions[0].id]: 'k-wrong-93b0',
  [secretQuestions[1].id]: 'k-wrong-5e6f',
};
const allRight: QuizAnswers = {
  [secretQuestions[0].id]: 'k-right-7f3a',
  [secretQuestions[1].id]: 'k-right-c41d',
};
const halfRight: QuizAnswers = {
  [secretQuestions[0].id]: 'k-right-7f3a',
  [secretQuestions[1].id]: 'k-wrong-5e6f',
};

/** Signs in at the end of the suite only to call delete_my_account. */
const leavingUser: TestUser = {
  id: '00000000-0000-4000-8000-0000000000d1',
  email: 'leaving@example.test',
  fullName: 'Leaving',
};

/** The dedicated module, written by the database owner, with a leaving user. */
async function seedSecretModule(db: Database): Promise<void> {
  await createUser(db, leavingUser);
  await db.query(
    `insert into public.learning_modules (id, slug, level, position)
     values ($1, 'secrecy-probe', 'beginner', 99)`,
    [SECRET_MODULE],
  );
  await db.query(
    `insert into public.learning_module_translations (module_id, language, title)
     values ($1, 'en', 'Secrecy probe')`,
    [SECRET_MODULE],
  );
  await db.query(`insert into public.learning_steps (id, module_id, position) values ($1, $2, 1)`, [
    SECRET_STEP,
    SECRET_MODULE,
  ]);
  await db.query(
    `insert into public.learning_step_translations (step_id, language, title, body)
     values ($1, 'en', 'Step', 'Lesson text.')`,
    [SECRET_STEP],
  );
  for (const [index, question] of secretQuestions.entries()) {
    await db.query(
      `insert into public.quiz_questions (id, module_id, position) values ($1, $2, $3)`,
      [question.id, SECRET_MODULE, index + 1],
    );
    // Labels and explanations never spell a key, so only a key itself can give one away.
    const options = question.options.map((key, n) => ({ key, label: `Option ${n + 1}` }));
    const explanations = Object.fromEntries(
      question.options.map((key, n) => [key, `Why option ${n + 1}.`]),
    );
    await db.query(
      `insert into public.quiz_question_translations
         (question_id, language, prompt, options, explanations)
       values ($1, 'en', $2, $3::jsonb, $4::jsonb)`,
      [question.id, SECRET_PROMPT, JSON.stringify(options), JSON.stringify(explanations)],
    );
    await db.query(
      `insert into public.quiz_answers (question_id, correct_option_key) values ($1, $2)`,
      [question.id, question.right],
    );
  }
}

interface Caller {
  name: string;
  user: TestUser | undefined;
}
const visitor: Caller = { name: 'anon', user: undefined };
const learner: Caller = { name: 'user A', user: userA };
const admin: Caller = { name: 'admin', user: adminUser };
const leaving: Caller = { name: 'leaving user', user: leavingUser };

/** One response: what was asked, and its body as JSON text. */
interface Seen {
  what: string;
  body: string;
}

/** The responses that name a right key, or the column that holds them. */
function leaks(seen: readonly Seen[]): string[] {
  return seen
    .filter(
      ({ body }) =>
        RIGHT_KEYS.some((key) => body.includes(key)) || body.includes('correct_option_key'),
    )
    .map(({ what, body }) => `${what}: ${body}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Rows of quiz_question_translations without their public option list (which names every key,
 * the right one among them), after checking that the list holds only the question's options.
 */
function withoutOptionLists(rows: unknown): unknown {
  if (!Array.isArray(rows)) return rows;
  return rows.map((row: unknown) => {
    if (!isRecord(row) || !('options' in row)) return row;
    const { options, ...rest } = row;
    const keys = Array.isArray(options)
      ? options.map((option: unknown) => (isRecord(option) ? option.key : option))
      : options;
    const question = secretQuestions.find((q) => q.id === rest.question_id);
    if (question !== undefined) expect(keys).toEqual([...question.options]);
    return rest;
  });
}

/**
 * A submit_quiz or check_quiz result, checked to carry no per-question verdict and to echo
 * exactly the keys that were sent, then without those echoes (the caller's own choices).
 */
function withoutEchoes(result: unknown, sent: QuizAnswers): unknown {
  if (!isRecord(result) || !Array.isArray(result.questions)) return result;
  const questions = result.questions.map((question: unknown) => {
    if (!isRecord(question)) return question;
    expect(Object.keys(question).sort()).toEqual(['chosen', 'explanation', 'question_id']);
    const { chosen, ...rest } = question;
    const id = typeof rest.question_id === 'string' ? rest.question_id : '';
    expect(chosen).toBe(sent[id] ?? null);
    return rest;
  });
  return { ...result, questions };
}

describeOnEachDatabase('quiz answers never reach a client (HTTP)', ({ db }) => {
  const stack = seededStack(db, { beforeStart: seedSecretModule });

  const clientOf = (caller: Caller): SupabaseClient => stack().client(caller.user ?? 'anon');
  const dbRole = (caller: Caller): string => (caller.user === undefined ? 'anon' : 'authenticated');

  /** GET /rest/v1/: the OpenAPI document of what the caller's role may use. */
  async function openApi(
    caller: Caller,
  ): Promise<{ body: string; tables: string[]; functions: string[] }> {
    const headers: Record<string, string> = { apikey: stack().anonKey };
    if (caller.user !== undefined) {
      headers.Authorization = `Bearer ${stack().userToken(caller.user)}`;
    }
    const response = await fetch(`${stack().url}/rest/v1/`, { headers });
    expect(response.status).toBe(200);
    const body = await response.text();
    const document = JSON.parse(body) as {
      definitions: Record<string, unknown>;
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(document.paths);
    return {
      body,
      tables: Object.keys(document.definitions),
      functions: paths.filter((p) => p.startsWith('/rpc/')).map((p) => p.slice('/rpc/'.length)),
    };
  }

  /** Names from the OpenAPI document and from the catalog, so that neither can hide one. */
  async function reachable(caller: Caller): Promise<{
    openApiBody: string;
    tables: string[];
    functions: string[];
  }> {
    const document = await openApi(caller);
    const tables = await db().query<{ name: string }>(
      `select c.relname as name from pg_class as c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p', 'f')
         and has_any_column_privilege($1, c.oid, 'SELECT')`,
      [dbRole(caller)],
    );
    const functions = await db().query<{ name: string }>(
      `select p.proname as name from pg_proc as p
       where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
         and p.prorettype <> 'trigger'::regtype
         and has_function_privilege($1, p.oid, 'EXECUTE')`,
      [dbRole(caller)],
    );
    const union = (a: readonly string[], b: readonly string[]): string[] =>
      [...new Set([...a, ...b])].sort();
    return {
      openApiBody: document.body,
      tables: union(
        document.tables,
        tables.rows.map((row) => row.name),
      ),
      functions: union(
        document.functions,
        functions.rows.map((row) => row.name),
      ),
    };
  }

  async function columnsOf(table: string): Promise<string[]> {
    const { rows } = await db().query<{ name: string }>(
      `select a.attname as name from pg_attribute as a
       where a.attrelid = ('public.' || quote_ident($1))::regclass and a.attnum > 0
         and not a.attisdropped
       order by a.attnum`,
      [table],
    );
    return rows.map((row) => row.name);
  }

  /**
   * Reads every table the caller can reach: select=*, and when that is refused (a column
   * grant), each column alone, the refused ones answering 42501. Also tries to embed the
   * answers under their questions.
   */
  async function readEverything(caller: Caller): Promise<Seen[]> {
    const client = clientOf(caller);
    const { openApiBody, tables } = await reachable(caller);
    const seen: Seen[] = [{ what: `${caller.name} GET /rest/v1/`, body: openApiBody }];
    const record = (what: string, table: string, data: unknown, error: unknown): void => {
      const rows = table === 'quiz_question_translations' ? withoutOptionLists(data) : data;
      seen.push({ what: `${caller.name} ${what}`, body: JSON.stringify({ rows, error }) });
    };
    for (const table of tables) {
      const all = await client.from(table).select('*');
      record(`${table}?select=*`, table, all.data, all.error);
      if (all.error === null) continue;
      expect(all.error.code, `${caller.name} ${table}?select=*`).toBe('42501');
      for (const column of await columnsOf(table)) {
        const one = await client.from(table).select(column);
        record(`${table}?select=${column}`, table, one.data, one.error);
        if (one.error !== null) expect(one.error.code).toBe('42501');
      }
    }
    // Refused today (no grant on quiz_answers); searched like the rest whatever it answers.
    const embedded = await client.from('quiz_questions').select('*, quiz_answers(*)');
    record(
      'quiz_questions?select=*,quiz_answers(*)',
      'quiz_questions',
      embedded.data,
      embedded.error,
    );
    return seen;
  }

  /** The arguments each client-executable function is called with; a new one must be added. */
  function argumentsOf(name: string, caller: Caller, answers: QuizAnswers): object | undefined {
    const self = caller.user?.id ?? userA.id;
    const quiz = { _module_id: SECRET_MODULE, _answers: answers, _language: 'en' };
    const known: Record<string, object> = {
      has_role: { _user_id: self, _role: 'admin' },
      check_quiz: quiz,
      submit_quiz: quiz,
      complete_step: { _module_id: SECRET_MODULE, _position: 1 },
      export_my_data: {},
      admin_list_users: {},
      // Granting a role the user already has: the admin's call changes nothing.
      admin_set_role: { _user_id: self, _role: 'user', _granted: true },
      // A sheet the rules refuse (22023) and an id no sheet has (PT404): nothing changes.
      admin_save_token: { _original_id: null, _token: {} },
      admin_delete_token: { _id: 'no-such-sheet' },
      admin_token_overview: {},
      admin_dashboard: {},
      // A term the rules refuse (22023) and a slug no term has (PT404): nothing changes.
      admin_save_term: { _original_slug: null, _term: {} },
      admin_delete_term: { _slug: 'no-such-term' },
      // A draft that does not exist (PT404): nothing is published.
      admin_publish_draft: { _id: '00000000-0000-4000-8000-000000000000', _payload: {} },
      delete_my_account: {},
    };
    return known[name];
  }

  /**
   * Calls every function the caller can execute, with only wrong answers to the quizzes;
   * delete_my_account only when asked (last, by the leaving user).
   */
  async function callEverything(
    caller: Caller,
    { deleteAccount = false }: { deleteAccount?: boolean } = {},
  ): Promise<Seen[]> {
    const client = clientOf(caller);
    const { functions } = await reachable(caller);
    const unknown = functions.filter((name) => argumentsOf(name, caller, {}) === undefined);
    expect(unknown, 'functions this test does not call yet: add their arguments').toEqual([]);
    const seen: Seen[] = [];
    const ordered = [
      ...functions.filter((name) => name !== 'delete_my_account'),
      ...(deleteAccount && functions.includes('delete_my_account') ? ['delete_my_account'] : []),
    ];
    for (const name of ordered) {
      const response = await client.rpc(name, argumentsOf(name, caller, wrongAnswers));
      seen.push({
        what: `${caller.name} rpc/${name}`,
        body: JSON.stringify({ data: response.data as unknown, error: response.error }),
      });
    }
    return seen;
  }

  it('reaches the module: its questions for everyone, the quiz functions by role', async () => {
    for (const caller of [visitor, learner, admin]) {
      const { tables, functions } = await reachable(caller);
      expect(tables).toContain('quiz_question_translations');
      expect(tables).not.toContain('quiz_answers');
      expect(functions).toContain('check_quiz');
      if (caller.user === undefined) expect(functions).not.toContain('submit_quiz');
      else expect(functions).toContain('submit_quiz');
      const seen = await readEverything(caller);
      expect(seen.some(({ body }) => body.includes(SECRET_PROMPT))).toBe(true);
    }
  });

  it('refuses the answers table and the explanations column to every client', async () => {
    for (const caller of [visitor, learner, admin]) {
      const answers = await clientOf(caller).from('quiz_answers').select('*');
      expect(answers.error?.code).toBe('42501');
      const embedded = await clientOf(caller).from('quiz_questions').select('*, quiz_answers(*)');
      expect(embedded.error?.code).toBe('42501');
      const explanations = await clientOf(caller)
        .from('quiz_question_translations')
        .select('explanations');
      expect(explanations.error?.code).toBe('42501');
    }
  });

  it('no read and no call gives a right key away, before any submission', async () => {
    const seen: Seen[] = [];
    for (const caller of [visitor, learner, admin]) {
      seen.push(...(await readEverything(caller)), ...(await callEverything(caller)));
    }
    expect(leaks(seen)).toEqual([]);
  });

  it('nor after wrong submissions, whose attempts and progress the submitters read', async () => {
    // callEverything submitted only wrong answers as A and the admin; once more, then read all.
    const seen: Seen[] = [];
    for (const caller of [learner, admin]) {
      const submitted = await clientOf(caller).rpc('submit_quiz', {
        _module_id: SECRET_MODULE,
        _answers: wrongAnswers,
        _language: 'en',
      });
      expect(submitted.error).toBeNull();
      expect(submitted.data).toMatchObject({ passed: false, correct: 0, total: 2 });
      seen.push({ what: `${caller.name} submit_quiz`, body: JSON.stringify(submitted.data) });
    }
    const attempts = await clientOf(learner).from('quiz_attempts').select('answers');
    expect(attempts.data).toContainEqual({ answers: wrongAnswers });
    for (const caller of [visitor, learner, admin]) {
      seen.push(...(await readEverything(caller)), ...(await callEverything(caller)));
    }
    expect(leaks(seen)).toEqual([]);
  });

  it("echoes a right key only as the caller's own choice, and others still read none", async () => {
    // Their choices come back in `chosen` (legitimately: the caller sent them), checked and
    // removed by withoutEchoes; the rest of each result must name no right key.
    const checked = await clientOf(visitor).rpc('check_quiz', {
      _module_id: SECRET_MODULE,
      _answers: halfRight,
      _language: 'en',
    });
    expect(checked.error).toBeNull();
    expect(checked.data).toMatchObject({ correct: 1, total: 2, passed: false });
    const passed = await clientOf(learner).rpc('submit_quiz', {
      _module_id: SECRET_MODULE,
      _answers: allRight,
      _language: 'en',
    });
    expect(passed.error).toBeNull();
    // A's 4th attempt (after the wrong ones above), the module's one step done: bronze.
    expect(passed.data).toMatchObject({ correct: 2, passed: true, attempt: 4, badge: 'bronze' });
    const seen: Seen[] = [
      {
        what: 'anon check_quiz, half right',
        body: JSON.stringify(withoutEchoes(checked.data, halfRight)),
      },
      {
        what: 'user A submit_quiz, all right',
        body: JSON.stringify(withoutEchoes(passed.data, allRight)),
      },
    ];
    // A now holds the keys in their own attempts and export: read again as the others only.
    for (const caller of [visitor, admin]) {
      seen.push(...(await readEverything(caller)), ...(await callEverything(caller)));
    }
    expect(leaks(seen)).toEqual([]);
  });

  it('nor as a user who calls everything, then deletes their account', async () => {
    const seen = [
      ...(await readEverything(leaving)),
      ...(await callEverything(leaving, { deleteAccount: true })),
    ];
    expect(seen.map(({ what }) => what)).toContain('leaving user rpc/delete_my_account');
    expect(leaks(seen)).toEqual([]);
  });
});
