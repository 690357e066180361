import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { asUser, type RequestClaims } from '../../server/db/requestContext.ts';
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
        sendMessage(tx, { ...valid, status: 'answered' }),
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

    it('lets anyone read avatars', async () => {
      for (const claims of [anonClaims, claimsOf(userB)]) {
        const outcome = await attempt(db(), claims, async (tx) => {
          const { rows } = await tx.query<{ name: string }>(
            `select name from storage.objects where bucket_id = 'avatars'`,
          );
          return rows.map((row) => row.name);
        });
        expect(outcome).toEqual({ ok: true, value: [`${userA.id}/avatar.png`] });
      }
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
