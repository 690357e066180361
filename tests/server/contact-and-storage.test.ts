import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { asUser, type RequestClaims } from '../../server/db/requestContext.ts';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_ERROR_CODE,
  CONTACT_SUBJECTS,
  checkContactMessage,
  codePointLength,
  type ContactInput,
} from '../../shared/contact.ts';
import { describeOnEachDatabase } from './databases.ts';
import { anonClaims, attempt, claimsOf, seedUsers, userA, userB } from './fixtures.ts';

interface Message {
  name: string;
  email: string;
  subject: string;
  message: string;
  locale?: string;
  status?: string;
}

const valid: Message = {
  name: 'Visitor',
  email: 'visitor@example.test',
  subject: 'general',
  message: 'A question about staking.',
};

async function sendMessage(tx: Queryable, message: Message): Promise<void> {
  const columns = Object.keys(message);
  const placeholders = columns.map((_, index) => `$${index + 1}`);
  await tx.query(
    `insert into public.contact_messages (${columns.join(', ')}) values (${placeholders.join(', ')})`,
    Object.values(message),
  );
}

describeOnEachDatabase('contact messages and storage policies', ({ db }) => {
  beforeAll(async () => {
    await seedUsers(db());
  });

  describe('contact_messages', () => {
    it('accepts a visitor message as a new message', async () => {
      await asUser(db(), anonClaims, (tx) =>
        sendMessage(tx, { ...valid, email: 'first@example.test' }),
      );
      const { rows } = await db().query(
        `select status, locale, user_id from public.contact_messages where email = 'first@example.test'`,
      );
      expect(rows).toEqual([{ status: 'new', locale: 'fr', user_id: null }]);
    });

    it.each([
      ['a one-letter name', { name: 'A' }, 'contact_messages_name_length'],
      ['a name of 101 characters', { name: 'n'.repeat(101) }, 'contact_messages_name_length'],
      ['an email without @', { email: 'not-an-email' }, 'contact_messages_email_shape'],
      [
        'an email of 256 characters',
        { email: `${'e'.repeat(243)}@example.test` },
        'contact_messages_email_shape',
      ],
      ['an unknown subject', { subject: 'spam' }, 'contact_messages_subject_check'],
      ['a message of 9 characters', { message: 'Too short' }, 'contact_messages_message_length'],
      [
        'a message of 2001 characters',
        { message: 'm'.repeat(2001) },
        'contact_messages_message_length',
      ],
      ['an unknown locale', { locale: 'de' }, 'contact_messages_locale_check'],
    ])('refuses %s with 23514', async (_case, change, constraint) => {
      const outcome = await attempt(db(), anonClaims, (tx) =>
        sendMessage(tx, { ...valid, ...change }),
      );
      expect(outcome).toMatchObject({ ok: false, code: '23514' });
      if (!outcome.ok) expect(outcome.message).toContain(constraint);
    });

    it('accepts the limits themselves', async () => {
      const limits = {
        name: 'n'.repeat(100),
        message: 'm'.repeat(2000),
        email: `${'e'.repeat(242)}@example.test`,
      };
      expect(
        await attempt(db(), anonClaims, (tx) => sendMessage(tx, { ...valid, ...limits })),
      ).toMatchObject({
        ok: true,
      });
    });

    it('lets no sender choose the status, nor sign as someone else', async () => {
      const status = await attempt(db(), anonClaims, (tx) =>
        sendMessage(tx, { ...valid, status: 'handled' }),
      );
      expect(status).toMatchObject({ ok: false, code: '42501' });
      const spoofed = await attempt(db(), claimsOf(userB), (tx) =>
        tx.query(
          `insert into public.contact_messages (name, email, subject, message, user_id)
           values ('Bob', 'bob@example.test', 'general', 'Signed as Alice!', $1)`,
          [userA.id],
        ),
      );
      expect(spoofed).toMatchObject({ ok: false, code: '42501' });
    });

    it('allows 5 messages per email address per hour, whatever its case, then raises P0001', async () => {
      const send = (claims: RequestClaims, email: string) =>
        attempt(db(), claims, (tx) => sendMessage(tx, { ...valid, email }));
      for (let index = 0; index < 5; index += 1) {
        await asUser(db(), anonClaims, (tx) =>
          sendMessage(tx, { ...valid, email: 'busy@example.test' }),
        );
      }
      for (const [claims, email] of [
        [anonClaims, 'busy@example.test'],
        [claimsOf(userA), 'BUSY@example.test'],
      ] as const) {
        const sixth = await send(claims, email);
        expect(sixth).toMatchObject({ ok: false, code: 'P0001' });
        if (!sixth.ok) expect(sixth.message).toMatch(/at most 5 per hour/);
      }
      expect(await send(anonClaims, 'calm@example.test')).toMatchObject({ ok: true });
    });

    it('forgets messages older than an hour', async () => {
      await db().query(
        `insert into public.contact_messages (name, email, subject, message, created_at)
         select 'Old', 'old@example.test', 'other', 'An old message here', now() - interval '61 minutes'
         from generate_series(1, 5)`,
      );
      const outcome = await attempt(db(), anonClaims, (tx) =>
        sendMessage(tx, { ...valid, email: 'old@example.test' }),
      );
      expect(outcome).toMatchObject({ ok: true });
    });
  });

  describe('contact_messages and the shared rules of the form (shared/contact.ts)', () => {
    // The form sends what the rule accepts, unchanged: for each value, the rule and the table
    // must give the same answer, or the form would refuse good messages or promise bad ones.
    const emailOf = (length: number, local = 'e') =>
      `${local.repeat(length - '@example.test'.length)}@example.test`;
    const cases: [field: keyof ContactInput, values: string[]][] = [
      [
        'name',
        [
          '',
          ' ',
          'A',
          'Al',
          '  A  ',
          ' Al ',
          '\t\t',
          ' \t ',
          'n'.repeat(100),
          'n'.repeat(101),
          ` ${'n'.repeat(99)} `,
          ` ${'n'.repeat(98)} `,
          '🙂🙂',
          '🙂'.repeat(100),
          '🙂'.repeat(101),
          'é'.repeat(100),
          'e\u0301'.repeat(50),
          'Al\u0000',
        ],
      ],
      [
        'email',
        [
          emailOf(255),
          emailOf(256),
          `${'🙂'.repeat(242)}@example.test`,
          `${'🙂'.repeat(243)}@example.test`,
          '',
          '   ',
          'a@b.c',
          'ada.example.test',
          'ada@example',
          '@example.test',
          'ada@.test',
          'ada@example.',
          'ada@@example.test',
          'ada@home@example.test',
          'ada lovelace@example.test',
          ' ada@example.test',
          'ada@example.test ',
          'ada@example.test\n',
          'ada\tx@example.test',
          'ada\u00a0x@example.test',
          'ada\u2003x@example.test',
          'ada\u3000x@example.test',
          'ada\u202fx@example.test',
          'ada\ufeffx@example.test',
          'adélaïde@exemple.test',
          'ada+contact@mail.example.co.uk',
          'ada\u0000@example.test',
        ],
      ],
      ['subject', ['', 'spam', 'BUG', ' bug', ...CONTACT_SUBJECTS]],
      [
        'message',
        [
          '',
          ' '.repeat(20),
          'm'.repeat(9),
          'm'.repeat(10),
          `    ${'m'.repeat(9)}    `,
          `    ${'m'.repeat(10)}    `,
          '\n'.repeat(10),
          '\t'.repeat(10),
          'm'.repeat(2000),
          'm'.repeat(2001),
          ` ${'m'.repeat(1999)} `,
          '🙂'.repeat(2000),
          '🙂'.repeat(2001),
          `${'m'.repeat(10)}\u0000`,
        ],
      ],
    ];
    const probes = cases.flatMap(([field, values]) =>
      values.map((value, index) => ({
        label: `${field} #${index + 1} (${codePointLength(value)} characters): ${JSON.stringify(value.slice(0, 24))}`,
        input: { ...valid, [field]: value },
      })),
    );

    it.each(probes)(
      '$label: the rule accepts it exactly when the table does',
      async ({ input }) => {
        const rule = checkContactMessage(input).ok;
        const outcome = await attempt(db(), anonClaims, (tx) => sendMessage(tx, input));
        const table = outcome.ok
          ? 'the table accepts it'
          : `the table refuses it: ${outcome.message}`;
        expect(rule, table).toBe(outcome.ok);
      },
    );

    it('refuses every character the email constraint counts as white space', async () => {
      // The constraint's own regular expression, read from the catalogue, so that a change to
      // the migration shows here.
      const { rows } = await db().query<{ definition: string }>(
        `select pg_get_constraintdef(oid) as definition from pg_constraint
         where conname = 'contact_messages_email_shape'`,
      );
      const pattern = /~ '((?:[^']|'')*)'::text/.exec(rows[0]?.definition ?? '')?.[1];
      expect(pattern).toBeDefined();
      const refused = await db().query<{ cp: number }>(
        `select cp from generate_series(1, 65535) as cp
         where cp not between 55296 and 57343
           and not (('a' || chr(cp) || 'b@example.test') ~ $1)
         order by cp`,
        [pattern?.replaceAll("''", "'")],
      );
      const byTable = refused.rows.map(({ cp }) => cp);
      const byRule: number[] = [];
      for (let cp = 1; cp <= 0xffff; cp += 1) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        const email = `a${String.fromCodePoint(cp)}b@example.test`;
        if (!checkContactMessage({ ...valid, email }).ok) byRule.push(cp);
      }
      // The rule refuses all the table refuses, and more only where databases disagree: U+0085
      // (a space for PGlite) and U+1680 (a space for Postgres in C.UTF-8).
      expect(byTable.filter((cp) => !byRule.includes(cp))).toEqual([]);
      const extra = byRule.filter((cp) => !byTable.includes(cp));
      expect(extra.every((cp) => cp === 0x85 || cp === 0x1680)).toBe(true);
      expect(byRule).toContain(0x85);
      expect(byRule).toContain(0x1680);
    });

    it(`takes ${CONTACT_RATE_LIMIT.messages} messages an hour from one address, then raises ${CONTACT_RATE_LIMIT_ERROR_CODE}`, async () => {
      const email = 'shared-limit@example.test';
      for (let index = 0; index < CONTACT_RATE_LIMIT.messages; index += 1) {
        await asUser(db(), anonClaims, (tx) => sendMessage(tx, { ...valid, email }));
      }
      const next = await attempt(db(), anonClaims, (tx) => sendMessage(tx, { ...valid, email }));
      expect(next).toMatchObject({ ok: false, code: CONTACT_RATE_LIMIT_ERROR_CODE });
    });
  });

  describe('storage: the avatars bucket', () => {
    const upload = (claims: RequestClaims, bucket: string, name: string) =>
      attempt(db(), claims, async (tx) => {
        const { rowCount } = await tx.query(
          `insert into storage.objects (bucket_id, name, owner_id, metadata)
           values ($1, $2, $3, '{"mimetype": "image/png", "size": 10}')`,
          [bucket, name, claims.sub ?? null],
        );
        return rowCount;
      });

    beforeAll(async () => {
      await db().exec(`insert into storage.buckets (id, name) values ('private', 'private')`);
      await db().query(
        `insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`,
        [`${userA.id}/avatar.png`, userA.id],
      );
    });

    it('exists, public, limited to 2 MiB of PNG or JPEG', async () => {
      const { rows } = await db().query(
        `select public, file_size_limit::int as size_limit, allowed_mime_types from storage.buckets where id = 'avatars'`,
      );
      expect(rows).toEqual([
        { public: true, size_limit: 2097152, allowed_mime_types: ['image/png', 'image/jpeg'] },
      ]);
    });

    it('lets a user upload into their own folder only', async () => {
      const a = claimsOf(userA);
      expect(await upload(a, 'avatars', `${userA.id}/new.png`)).toEqual({ ok: true, value: 1 });
      for (const [bucket, name] of [
        ['avatars', `${userB.id}/new.png`],
        ['avatars', 'new.png'],
        ['private', `${userA.id}/new.png`],
      ] as const) {
        expect(await upload(a, bucket, name)).toMatchObject({ ok: false, code: '42501' });
      }
      expect(await upload(anonClaims, 'avatars', 'anon.png')).toMatchObject({
        ok: false,
        code: '42501',
      });
    });

    it("lets only the owner list a folder (public URLs serve anyone's: admins-hidden.test.ts)", async () => {
      const listed = (claims: RequestClaims) =>
        attempt(db(), claims, async (tx) => {
          const { rows } = await tx.query<{ name: string }>(
            `select name from storage.objects where bucket_id = 'avatars'`,
          );
          return rows.map((row) => row.name);
        });
      for (const claims of [anonClaims, claimsOf(userB)]) {
        expect(await listed(claims)).toEqual({ ok: true, value: [] });
      }
      expect(await listed(claimsOf(userA))).toEqual({
        ok: true,
        value: [`${userA.id}/avatar.png`],
      });
    });

    it('lets only the owner replace or delete a file, and keep it in their folder', async () => {
      const change = (claims: RequestClaims, sql: string) =>
        attempt(
          db(),
          claims,
          async (tx) => (await tx.query(sql, [`${userA.id}/avatar.png`])).rowCount,
        );
      const touch = `update storage.objects set updated_at = now() where bucket_id = 'avatars' and name = $1`;
      const remove = `delete from storage.objects where bucket_id = 'avatars' and name = $1`;
      const moveToB = `update storage.objects set name = '${userB.id}/stolen.png' where name = $1`;
      expect(await change(claimsOf(userB), touch)).toEqual({ ok: true, value: 0 });
      expect(await change(claimsOf(userB), remove)).toEqual({ ok: true, value: 0 });
      expect(await change(anonClaims, remove)).toEqual({ ok: true, value: 0 });
      expect(await change(claimsOf(userA), touch)).toEqual({ ok: true, value: 1 });
      expect(await change(claimsOf(userA), remove)).toEqual({ ok: true, value: 1 });
      expect(await change(claimsOf(userA), moveToB)).toMatchObject({ ok: false, code: '42501' });
    });
  });
});
