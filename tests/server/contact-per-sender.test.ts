import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, type RequestClaims } from '../../server/db/requestContext.ts';
import { CONTACT_RATE_LIMIT_ERROR_CODE } from '../../shared/contact.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  anonClaims,
  attempt,
  claimsOf,
  seedUsers,
  serviceClaims,
  sqlState,
  type Outcome,
  userA,
  userB,
} from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// The contact form's limits per sender (supabase/migrations/*_contact_per_sender.sql), besides
// the one per email address (contact-and-storage.test.ts): 30 messages an hour from one network
// address, read from the `cf-connecting-ip` request header as hosted Supabase's edge sets it,
// and 5 from one signed-in account. In SQL with the header set as PostgREST sets it, then over
// HTTP, where the stack sets the header from the socket.

const NETWORK_LIMIT = 30;
const ACCOUNT_LIMIT = 5;

const message = (email: string) => ({
  name: 'Visitor',
  email,
  subject: 'general',
  message: 'A question about staking.',
});

let mailbox = 0;
/** A new email address each time, so that only the per-sender limits can refuse. */
const freshEmail = (): string => `sender-${(mailbox += 1)}@example.test`;

describeOnEachDatabase('contact messages: the limits per sender', ({ db, target }) => {
  beforeAll(async () => {
    await seedUsers(db());
  });

  /** Sends one message as a request from `address` would, committed when accepted. */
  async function send(claims: RequestClaims, address: string | null): Promise<Outcome<null>> {
    const headers = address === null ? {} : { 'cf-connecting-ip': address };
    try {
      await asUser(db(), claims, async (tx) => {
        await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)]);
        const { name, email, subject, message: text } = message(freshEmail());
        await tx.query(
          `insert into public.contact_messages (name, email, subject, message)
           values ($1, $2, $3, $4)`,
          [name, email, subject, text],
        );
      });
      return { ok: true, value: null };
    } catch (error) {
      const code = sqlState(error);
      if (code === undefined) throw error;
      return { ok: false, code, message: error instanceof Error ? error.message : String(error) };
    }
  }

  async function sendTimes(claims: RequestClaims, addresses: readonly string[]): Promise<void> {
    for (const address of addresses) {
      expect(await send(claims, address), `a message from ${address}`).toEqual({
        ok: true,
        value: null,
      });
    }
  }

  const refusal = (sentence: RegExp) => ({
    ok: false,
    code: CONTACT_RATE_LIMIT_ERROR_CODE,
    message: expect.stringMatching(sentence) as unknown,
  });

  it(`takes ${NETWORK_LIMIT} messages an hour from one network address, whatever the email, then refuses with P0001`, async () => {
    await sendTimes(anonClaims, Array(NETWORK_LIMIT).fill('203.0.113.7') as string[]);
    expect(await send(anonClaims, '203.0.113.7')).toEqual(
      refusal(/network address: at most 30 per hour/),
    );
    // Signed in from the same address changes nothing: the address is spent.
    expect(await send(claimsOf(userB), '203.0.113.7')).toEqual(
      refusal(/network address: at most 30 per hour/),
    );
    expect(await send(anonClaims, '203.0.113.8')).toEqual({ ok: true, value: null });
  });

  it('counts the addresses of one IPv6 /64 as one', async () => {
    await sendTimes(
      anonClaims,
      Array.from({ length: NETWORK_LIMIT }, (_, index) => `2001:db8:1:2::${index + 1}`),
    );
    expect(await send(anonClaims, '2001:db8:1:2:ffff:ffff:ffff:1')).toMatchObject({
      ok: false,
      code: CONTACT_RATE_LIMIT_ERROR_CODE,
    });
    expect(await send(anonClaims, '2001:db8:1:3::1')).toEqual({ ok: true, value: null });
  });

  it(`takes ${ACCOUNT_LIMIT} messages an hour from one signed-in account, from any address`, async () => {
    await sendTimes(
      claimsOf(userA),
      Array.from({ length: ACCOUNT_LIMIT }, (_, index) => `192.0.2.${index + 1}`),
    );
    expect(await send(claimsOf(userA), '192.0.2.100')).toEqual(
      refusal(/account: at most 5 per hour/),
    );
    expect(await send(claimsOf(userA), null)).toEqual(refusal(/account: at most 5 per hour/));
    expect(await send(claimsOf(userB), '192.0.2.100')).toEqual({ ok: true, value: null });
  });

  it('leaves the service role to the email limit alone', async () => {
    await sendTimes(serviceClaims, Array(NETWORK_LIMIT + 2).fill('203.0.113.50') as string[]);
  });

  it('applies no address limit without the header, or with one that is not an address', async () => {
    await sendTimes(anonClaims, Array(NETWORK_LIMIT + 1).fill('not-an-address') as string[]);
    for (let index = 0; index <= NETWORK_LIMIT; index += 1) {
      expect(await send(anonClaims, null)).toEqual({ ok: true, value: null });
    }
  });

  it('forgets a sender after an hour, and keeps no address in the clear', async () => {
    await db().query(
      `insert into private.contact_senders (sender_hash, sent_at)
       select private.contact_sender_hash('network:198.51.100.9'), now() - interval '61 minutes'
       from generate_series(1, $1::int)`,
      [NETWORK_LIMIT],
    );
    expect(await send(anonClaims, '198.51.100.9')).toEqual({ ok: true, value: null });
    const { rows } = await db().query<{ stale: number; clear: number; malformed: number }>(
      `select count(*) filter (where sent_at <= now() - interval '1 hour')::int as stale,
              count(*) filter (where sender_hash like '%198.51.100%')::int as clear,
              count(*) filter (where sender_hash !~ '^[0-9a-f]{64}$')::int as malformed
       from private.contact_senders`,
    );
    expect(rows).toEqual([{ stale: 0, clear: 0, malformed: 0 }]);
  });

  it('is out of reach of the API roles', async () => {
    for (const claims of [anonClaims, claimsOf(userA), serviceClaims]) {
      expect(
        await attempt(db(), claims, (tx) => tx.query('select 1 from private.contact_senders')),
      ).toMatchObject({ ok: false, code: '42501' });
    }
  });

  // PGlite runs one transaction at a time: only Postgres can race.
  it.skipIf(target === 'pglite')(
    'lets concurrent sends from one address past the limit none the more',
    async () => {
      const outcomes = await Promise.all(
        Array.from({ length: NETWORK_LIMIT + 3 }, () => send(anonClaims, '203.0.113.77')),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(NETWORK_LIMIT);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(
        Array(3).fill(refusal(/network address/)) as unknown[],
      );
    },
  );

  describe('over HTTP', () => {
    let stack: TestStack | undefined;
    beforeAll(async () => {
      stack = await startStack(db());
    });
    afterAll(async () => {
      await stack?.close();
    });

    /**
     * POSTs a message from a chosen local address (any 127.x.y.z is this machine), with a forged
     * `cf-connecting-ip` and `x-forwarded-for`, as a client that wants to pass for another would.
     */
    function postFrom(
      localAddress: string,
      forged: string,
    ): Promise<{ status: number; body: string }> {
      if (stack === undefined) throw new Error('The stack starts in beforeAll.');
      const url = new URL(`${stack.url}/rest/v1/contact_messages`);
      const body = JSON.stringify(message(freshEmail()));
      const key = stack.anonKey;
      return new Promise((resolve, reject) => {
        const outgoing = request(
          url,
          {
            method: 'POST',
            localAddress,
            headers: {
              apikey: key,
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
              prefer: 'return=minimal',
              'cf-connecting-ip': forged,
              'x-forwarded-for': forged,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
            });
            response.on('end', () => {
              resolve({
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
              });
            });
            response.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    }

    it('counts by the socket address, whatever cf-connecting-ip the client sends', async () => {
      for (let index = 0; index < NETWORK_LIMIT; index += 1) {
        expect(await postFrom('127.0.0.2', `198.51.100.${index + 1}`)).toEqual({
          status: 201,
          body: '',
        });
      }
      const refused = await postFrom('127.0.0.2', '198.51.100.200');
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({
        code: CONTACT_RATE_LIMIT_ERROR_CODE,
        message: 'Too many messages from this network address: at most 30 per hour.',
      });
      expect((await postFrom('127.0.0.3', '198.51.100.200')).status).toBe(201);
    });
  });
});
