import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { authStackFor, PASSWORD, SITE_URL, uniqueEmail, verifyLink } from './auth-stack.ts';

// The rules around the journey: password strength, credentials, enumeration, mail frequency,
// OTP verification, error formats and the autoconfirm mode.

describeOnEachDatabase('auth rules', ({ db }) => {
  const stack = authStackFor(db);

  /** Signs up and confirms through POST /verify with the token hash of the mail's link. */
  async function confirmedUser(name: string): Promise<string> {
    const email = uniqueEmail(name);
    await stack().client().auth.signUp({ email, password: PASSWORD });
    const link = new URL(verifyLink(await stack().latestMail(email)));
    const { error } = await stack()
      .client()
      .auth.verifyOtp({ token_hash: link.searchParams.get('token') ?? '', type: 'signup' });
    expect(error).toBeNull();
    return email;
  }

  it('refuses weak passwords on sign-up with 422 weak_password and its reasons', async () => {
    const cases: [string, string[]][] = [
      ['Ab1!', ['length']],
      ['alllowercase1!', ['characters']],
      ['NoDigits!!', ['characters']],
      ['NoSymbol123', ['characters']],
      // Also one of the most common passwords: GoTrue adds its `pwned` reason to the others.
      ['short', ['length', 'characters', 'pwned']],
    ];
    for (const [password, reasons] of cases) {
      const email = uniqueEmail('weak');
      const { data, error } = await stack().client().auth.signUp({ email, password });
      expect(error?.name).toBe('AuthWeakPasswordError');
      expect(error?.status).toBe(422);
      expect(error?.code).toBe('weak_password');
      expect((error as { reasons?: string[] } | null)?.reasons).toEqual(reasons);
      expect(data.user).toBeNull();
    }
    const { rows } = await db().query<{ n: number }>(
      `select count(*)::int as n from auth.users where email like 'weak.%'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('answers 400 invalid_credentials alike for a wrong password and an unknown email', async () => {
    const email = await confirmedUser('cred');
    const wrong = await stack()
      .client()
      .auth.signInWithPassword({ email, password: 'Wrong#pass1' });
    const unknown = await stack()
      .client()
      .auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    for (const { error } of [wrong, unknown]) {
      expect(error?.name).toBe('AuthApiError');
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('verifies the 6-digit code of the mail with verifyOtp({email, token})', async () => {
    const email = uniqueEmail('otp');
    await stack().client().auth.signUp({ email, password: PASSWORD });
    const code = /\b(\d{6})\b/.exec((await stack().latestMail(email)).text)?.[1] ?? '';
    const bad = await stack().client().auth.verifyOtp({ email, token: '000000', type: 'signup' });
    expect(bad.error?.status).toBe(403);
    expect(bad.error?.code).toBe('otp_expired');
    const { data, error } = await stack()
      .client()
      .auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String) as unknown);
  });

  it('answers recover for an unknown email exactly like for a known one', async () => {
    const known = await confirmedUser('known');
    const ask = (email: string) =>
      fetch(`${stack().url}/auth/v1/recover`, {
        method: 'POST',
        headers: {
          apikey: stack().anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ email }),
      });
    const before = (await stack().mails()).length;
    const a = await ask(known);
    const b = await ask(uniqueEmail('unknown'));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.text()).toBe(await b.text());
    expect(a.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const mails = (await stack().mails()).slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([known]);
    expect(mails[0]?.links[0]).toContain('type=recovery');
  });

  it('limits mails to one per minute per user and kind with 429', async () => {
    const email = uniqueEmail('freq');
    await stack().client().auth.signUp({ email, password: PASSWORD });
    const { error } = await stack().client().auth.resend({ type: 'signup', email });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    expect(error?.message).toMatch(/only request this after \d+ seconds/);
    stack().advance(61);
    const later = await stack().client().auth.resend({ type: 'signup', email });
    expect(later.error).toBeNull();
    const mails = (await stack().mails()).filter((mail) => mail.to === email);
    expect(mails).toHaveLength(2);
    // Resending to an unknown or already confirmed address is silent.
    const unknown = await stack()
      .client()
      .auth.resend({ type: 'signup', email: uniqueEmail('x') });
    expect(unknown.error).toBeNull();
  });

  it('hides an already confirmed address on sign-up behind a user without identities', async () => {
    const email = await confirmedUser('dup');
    const { data, error } = await stack().client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
  });

  it('speaks the legacy error format without the API version header', async () => {
    const response = await fetch(`${stack().url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: PASSWORD }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const bad = await fetch(`${stack().url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'x-supabase-api-version': '2024-01-01' },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('bad_json');
    const noKey = await fetch(`${stack().url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
  });

  it('serves /settings and /health, and refuses /user without a user token', async () => {
    const headers = { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}` };
    const settings = await fetch(`${stack().url}/auth/v1/settings`, { headers });
    expect(await settings.json()).toMatchObject({
      mailer_autoconfirm: false,
      disable_signup: false,
    });
    const health = await fetch(`${stack().url}/auth/v1/health`);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
    const user = await fetch(`${stack().url}/auth/v1/user`, {
      headers: { ...headers, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'bad_jwt' });
  });

  it('falls back to the site URL for a redirect_to of another origin', async () => {
    const email = uniqueEmail('redirect');
    await stack()
      .client()
      .auth.signUp({
        email,
        password: PASSWORD,
        options: { emailRedirectTo: 'https://evil.test/x' },
      });
    const response = await fetch(verifyLink(await stack().latestMail(email)), {
      redirect: 'manual',
    });
    expect(response.headers.get('location')?.startsWith(`${SITE_URL}/#access_token=`)).toBe(true);
  });

  it('signOut({scope: "others"}) keeps the current session only', async () => {
    const email = await confirmedUser('others');
    const a = stack().client();
    const b = stack().client();
    await a.auth.signInWithPassword({ email, password: PASSWORD });
    const sb = await b.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    const dead = await stack()
      .client()
      .auth.refreshSession({ refresh_token: sb.data.session?.refresh_token ?? '' });
    expect(dead.error?.code).toBe('refresh_token_not_found');
  });
});

describeOnEachDatabase('auth with autoconfirm', ({ db }) => {
  const stack = authStackFor(db, {
    autoconfirm: true,
    ipLimits: { otp: { max: 2, windowSeconds: 300 } },
  });

  it('returns a session at sign-up, then 422 user_already_exists, then 429 per IP', async () => {
    const email = uniqueEmail('auto');
    const { data, error } = await stack().client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String) as unknown);
    expect((await stack().mails()).length).toBe(0);
    const again = await stack().client().auth.signUp({ email, password: PASSWORD });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    const third = await stack()
      .client()
      .auth.signUp({ email: uniqueEmail('b'), password: PASSWORD });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe('over_request_rate_limit');
  });
});
