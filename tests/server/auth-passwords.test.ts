import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { authStackFor, PASSWORD, uniqueEmail } from './auth-stack.ts';

// Every password the stack sets meets the product's rule, the admin API's included, and none is
// one of the most common passwords dressed up to meet it.

const PWNED_MESSAGE =
  'Password is known to be weak and easy to guess, please choose a different one.';
const COMMON = ['Passw0rd!', 'Qwerty1!', 'Password1!', 'Summer2024!', '!Iloveyou1'];

interface WeakPasswordBody {
  code: string;
  message: string;
  weak_password: { message: string; reasons: string[] };
}

describeOnEachDatabase('auth password rule', ({ db }) => {
  const stack = authStackFor(db);

  /** POST /admin/users over HTTP with the service key, as the CLI's or a script's client would. */
  const adminCreate = (body: Record<string, unknown>) =>
    fetch(`${stack().url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: stack().serviceKey,
        authorization: `Bearer ${stack().serviceKey}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify(body),
    });

  const usersNamed = async (email: string): Promise<number> => {
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from auth.users where email = $1',
      [email],
    );
    return rows[0]?.n ?? -1;
  };

  it('refuses "1" on admin creation with 422 weak_password, as at sign-up', async () => {
    const email = uniqueEmail('admin.one');
    const response = await adminCreate({ email, password: '1', email_confirm: true });
    expect(response.status).toBe(422);
    const body = (await response.json()) as WeakPasswordBody;
    expect(body.code).toBe('weak_password');
    expect(body.weak_password.reasons).toEqual(['length', 'characters']);
    expect(await usersNamed(email)).toBe(0);
  });

  it('still creates a user without a password when none or an empty one is given', async () => {
    for (const password of [undefined, '']) {
      const email = uniqueEmail('admin.nopass');
      const response = await adminCreate({ email, password, email_confirm: true });
      expect(response.status).toBe(200);
      expect(await usersNamed(email)).toBe(1);
    }
  });

  it.each(COMMON)(
    'refuses the common %s everywhere a password is set, reason pwned',
    async (password) => {
      const admin = stack().client('service').auth.admin;
      const email = uniqueEmail('common');

      const created = await adminCreate({ email, password, email_confirm: true });
      expect(created.status).toBe(422);
      const body = (await created.json()) as WeakPasswordBody;
      expect(body).toEqual({
        code: 'weak_password',
        message: PWNED_MESSAGE,
        weak_password: { message: PWNED_MESSAGE, reasons: ['pwned'] },
      });

      const signUp = await stack().client().auth.signUp({ email, password });
      expect(signUp.error?.name).toBe('AuthWeakPasswordError');
      expect((signUp.error as { reasons?: string[] } | null)?.reasons).toEqual(['pwned']);
      expect(await usersNamed(email)).toBe(0);

      const made = await admin.createUser({ email, password: PASSWORD, email_confirm: true });
      expect(made.error).toBeNull();
      const updated = await admin.updateUserById(made.data.user?.id ?? '', { password });
      expect(updated.error?.code).toBe('weak_password');

      const client = stack().client();
      expect(
        (await client.auth.signInWithPassword({ email, password: PASSWORD })).error,
      ).toBeNull();
      const changed = await client.auth.updateUser({ password, current_password: PASSWORD });
      expect(changed.error?.status).toBe(422);
      expect((changed.error as { reasons?: string[] } | null)?.reasons).toEqual(['pwned']);
    },
  );

  it('accepts a strong password on admin creation, and it signs in', async () => {
    const email = uniqueEmail('admin.strong');
    const response = await adminCreate({ email, password: PASSWORD, email_confirm: true });
    expect(response.status).toBe(200);
    const { error } = await stack().client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
  });
});
