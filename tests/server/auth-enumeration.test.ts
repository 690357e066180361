import { describe, expect, it } from 'vitest';
import { createUnsentMails } from '../../server/auth/unsentMails.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  authStackFor,
  confirmedUser as confirmedAccount,
  PASSWORD,
  uniqueEmail,
} from './auth-stack.ts';

// A request that would mail an address answers the same whether or not the address has an
// account, repeats within the mail frequency included: the second one is 429 in every case.

interface Answer {
  status: number;
  code: string | undefined;
}

describeOnEachDatabase('auth mail requests reveal no account', ({ db }) => {
  const stack = authStackFor(db);

  async function post(path: string, body: Record<string, unknown>): Promise<Answer> {
    const response = await fetch(`${stack().url}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        apikey: stack().anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code?: string; message?: string };
    if (response.status === 429) {
      expect(answer.message).toMatch(/^For security purposes, you can only request this after/);
    }
    return { status: response.status, code: answer.code };
  }

  const OK: Answer = { status: 200, code: undefined };
  const LIMITED: Answer = { status: 429, code: 'over_email_send_rate_limit' };

  const confirmedUser = (name: string) => confirmedAccount(stack(), name);

  async function mailsTo(email: string): Promise<number> {
    return (await stack().mails()).filter((mail) => mail.to === email).length;
  }

  it('answers a second recovery request with 429 for an unknown address as for a known one', async () => {
    const known = await confirmedUser('recover.known');
    const unknown = uniqueEmail('recover.unknown');
    for (const email of [known, unknown]) {
      expect(await post('/recover', { email })).toEqual(OK);
      expect(await post('/recover', { email })).toEqual(LIMITED);
    }
    stack().advance(61);
    for (const email of [known, unknown]) {
      expect(await post('/recover', { email })).toEqual(OK);
    }
    expect(await mailsTo(known)).toBe(2);
    expect(await mailsTo(unknown)).toBe(0);
  });

  it('answers resend alike for an unknown, a confirmed and an unconfirmed address', async () => {
    const unconfirmed = uniqueEmail('resend.unconfirmed');
    expect(
      (await stack().client().auth.signUp({ email: unconfirmed, password: PASSWORD })).error,
    ).toBeNull();
    const confirmed = await confirmedUser('resend.confirmed');
    const unknown = uniqueEmail('resend.unknown');
    stack().advance(61);
    for (const email of [unconfirmed, confirmed, unknown]) {
      expect(await post('/resend', { type: 'signup', email })).toEqual(OK);
      expect(await post('/resend', { type: 'signup', email })).toEqual(LIMITED);
    }
    // No pending address change, or no account: as a pending change's resend would answer.
    for (const email of [confirmed, unknown]) {
      expect(await post('/resend', { type: 'email_change', email })).toEqual(OK);
      expect(await post('/resend', { type: 'email_change', email })).toEqual(LIMITED);
    }
    expect(await mailsTo(unconfirmed)).toBe(2);
    expect(await mailsTo(confirmed)).toBe(0);
  });

  it('answers a second magic link request with 429 for an unknown address as for a known one', async () => {
    const known = await confirmedUser('otp.known');
    const unknown = uniqueEmail('otp.unknown');
    for (const email of [known, unknown]) {
      expect(await post('/otp', { email })).toEqual(OK);
      expect(await post('/otp', { email })).toEqual(LIMITED);
    }
  });

  it('answers a second sign-up with 429 for a confirmed address as for a new one', async () => {
    const confirmed = await confirmedUser('signup.confirmed');
    const fresh = uniqueEmail('signup.new');
    for (const email of [confirmed, fresh]) {
      expect(await post('/signup', { email, password: PASSWORD })).toEqual(OK);
      expect(await post('/signup', { email, password: PASSWORD })).toEqual(LIMITED);
    }
  });

  it('counts a resend that found no account against the sign-up that follows', async () => {
    const email = uniqueEmail('resend.then.signup');
    expect(await post('/resend', { type: 'signup', email })).toEqual(OK);
    expect(await post('/signup', { email, password: PASSWORD })).toEqual(LIMITED);
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from auth.users where email = $1',
      [email],
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the memory of mail requests that sent nothing', () => {
  it('forgets an address after the interval, and the oldest past its capacity', () => {
    let time = 0;
    const memory = createUnsentMails(() => new Date(time), 60, 3);
    memory.remember('recovery_sent_at', 'a@example.test');
    expect(memory.lastAsked('recovery_sent_at', 'a@example.test')).toEqual(new Date(0));
    expect(memory.lastAsked('confirmation_sent_at', 'a@example.test')).toBeNull();
    time = 60_000;
    expect(memory.lastAsked('recovery_sent_at', 'a@example.test')).toBeNull();
    for (const name of ['b', 'c', 'd', 'e']) {
      memory.remember('recovery_sent_at', `${name}@example.test`);
    }
    expect(memory.lastAsked('recovery_sent_at', 'b@example.test')).toBeNull();
    for (const name of ['c', 'd', 'e']) {
      expect(memory.lastAsked('recovery_sent_at', `${name}@example.test`)).not.toBeNull();
    }
  });
});
