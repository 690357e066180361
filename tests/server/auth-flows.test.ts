import { createClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import {
  authStackFor,
  confirmedUser as confirmedAccount,
  decodeJwt,
  followLink,
  PASSWORD,
  SITE_URL,
  uniqueEmail,
  verifyLink,
} from './auth-stack.ts';

// The email flows beyond the journey, through the unmodified supabase-js client: PKCE (sign-up,
// recovery, email change, magic link), passwordless sign-in with POST /otp, and invitations.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeOnEachDatabase('auth flows', ({ db }) => {
  const stack = authStackFor(db);

  /** A client in PKCE mode; its code verifier lives in its own memory storage. */
  const pkceClient = () =>
    createClient(stack().url, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, flowType: 'pkce' },
    });

  const confirmedUser = (name: string) => confirmedAccount(stack(), name);

  const codeOf = (text: string): string => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

  /** POSTs JSON to the auth API as auth-js does (with the API version header). */
  const post = (path: string, body: unknown, key = stack().anonKey) =>
    fetch(`${stack().url}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify(body),
    });

  it('PKCE sign-up: the link answers ?code=, which exchangeCodeForSession trades once', async () => {
    const client = pkceClient();
    const email = uniqueEmail('pkce');
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${SITE_URL}/welcome`, data: { full_name: 'Pia Kce' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const link = new URL(verifyLink(await stack().latestMail(email)));
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    expect(link.searchParams.get('type')).toBe('signup');

    const { status, location } = await followLink(link.toString());
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/welcome`);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(UUID);

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String) as unknown);
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Pia Kce', email_verified: true });
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect((claims.amr as { method: string }[])[0]?.method).toBe('email/signup');
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    // Single use: the flow state is gone.
    const again = await pkceClient().auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
    const reused = await post('/token?grant_type=pkce', {
      auth_code: code,
      code_verifier: 'a'.repeat(56),
    });
    expect(reused.status).toBe(404);
    expect(reused.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await reused.json()).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    });
  });

  it('refuses a wrong verifier with 400 bad_code_verifier and keeps the code for the right one', async () => {
    const client = pkceClient();
    const email = uniqueEmail('verifier');
    await client.auth.signUp({ email, password: PASSWORD });
    const { location } = await followLink(verifyLink(await stack().latestMail(email)));
    const code = location.searchParams.get('code') ?? '';
    const wrong = await post('/token?grant_type=pkce', {
      auth_code: code,
      code_verifier: 'not-the-verifier-0123456789abcdef0123456789abcdef',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });
    const empty = await post('/token?grant_type=pkce', { auth_code: code, code_verifier: '' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('validation_failed');
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('refuses a code whose flow state is older than 300 s with 422 flow_state_expired', async () => {
    const client = pkceClient();
    const email = uniqueEmail('expired');
    await client.auth.signUp({ email, password: PASSWORD });
    const { location } = await followLink(verifyLink(await stack().latestMail(email)));
    const code = location.searchParams.get('code') ?? '';
    stack().advance(301);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('flow_state_expired');
  });

  it('refuses half or malformed PKCE parameters with 400 validation_failed', async () => {
    const half = await post('/signup', {
      email: uniqueEmail('half'),
      password: PASSWORD,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: null,
    });
    expect(half.status).toBe(400);
    expect(await half.json()).toEqual({
      code: 'validation_failed',
      message: 'PKCE flow requires code_challenge_method and code_challenge',
    });
    const short = await post('/recover', {
      email: uniqueEmail('short'),
      code_challenge: 'tooshort',
      code_challenge_method: 's256',
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { code: string }).code).toBe('validation_failed');
    // auth-js sends both as null without PKCE: that is no PKCE at all.
    const none = await post('/recover', {
      email: uniqueEmail('none'),
      code_challenge: null,
      code_challenge_method: null,
    });
    expect(none.status).toBe(200);
  });

  it('PKCE recovery: the code gives a recovery session that sets a new password', async () => {
    const email = await confirmedUser('pkce.reset');
    const client = pkceClient();
    const reset = await client.auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE_URL}/reset`,
    });
    expect(reset.error).toBeNull();
    const link = verifyLink(await stack().latestMail(email));
    expect(link).toContain('type=recovery');
    const { location } = await followLink(link);
    expect(location.pathname).toBe('/reset');
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.auth.exchangeCodeForSession(
      location.searchParams.get('code') ?? '',
    );
    expect(error).toBeNull();
    // auth-js reports it at run time; its types leave it out.
    expect((data as { redirectType?: string }).redirectType).toBe('recovery');
    expect(events).toContain('PASSWORD_RECOVERY');
    const updated = await client.auth.updateUser({ password: 'Pkce#Reset42' });
    expect(updated.error).toBeNull();
    const signIn = await stack()
      .client()
      .auth.signInWithPassword({ email, password: 'Pkce#Reset42' });
    expect(signIn.error).toBeNull();
  });

  it('PKCE email change: the link to the new address answers ?code= and the exchange swaps it', async () => {
    const email = await confirmedUser('pkce.move');
    const newEmail = uniqueEmail('pkce.moved');
    const client = pkceClient();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const change = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${SITE_URL}/moved` },
    );
    expect(change.error).toBeNull();
    expect(change.data.user?.new_email).toBe(newEmail);
    const link = new URL(verifyLink(await stack().latestMail(newEmail)));
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    const { location } = await followLink(link.toString());
    const { data, error } = await client.auth.exchangeCodeForSession(
      location.searchParams.get('code') ?? '',
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
  });

  it('a PKCE link whose flow state is gone redirects with the error in query and fragment', async () => {
    const email = uniqueEmail('noflow');
    await pkceClient().auth.signUp({ email, password: PASSWORD });
    await db().query(
      `delete from auth.flow_state where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    const { status, location, fragment } = await followLink(
      verifyLink(await stack().latestMail(email)),
    );
    expect(status).toBe(303);
    expect(location.searchParams.get('error_code')).toBe('flow_state_not_found');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(fragment.get('error_code')).toBe('flow_state_not_found');
    // The verification was rolled back: the address is still unconfirmed.
    const { rows } = await db().query<{ confirmed: boolean }>(
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    );
    expect(rows[0]?.confirmed).toBe(false);
  });

  it('signInWithOtp mails a magic link and code; verifyOtp with type email or magiclink signs in', async () => {
    const email = await confirmedUser('magic');
    const client = stack().client();
    const sent = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${SITE_URL}/in` },
    });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user: null, session: null });
    const mail = await stack().latestMail(email);
    // French, the default language (auth-mail-language.test.ts covers the others).
    expect(mail.subject).toBe('Votre lien de connexion à Blockademia');
    expect(verifyLink(mail)).toContain('type=magiclink');
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: codeOf(mail.text),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect((claims.amr as { method: string }[])[0]?.method).toBe('otp');
    // The code is single use.
    const reused = await client.auth.verifyOtp({ email, token: codeOf(mail.text), type: 'email' });
    expect(reused.error?.status).toBe(403);
    expect(reused.error?.code).toBe('otp_expired');

    stack().advance(61);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const second = await stack().latestMail(email);
    const magic = await stack()
      .client()
      .auth.verifyOtp({ email, token: codeOf(second.text), type: 'magiclink' });
    expect(magic.error).toBeNull();
    expect(magic.data.session?.user.email).toBe(email);
    // The emailed link signs in too.
    stack().advance(61);
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE_URL}/in` } });
    const { fragment, location } = await followLink(verifyLink(await stack().latestMail(email)));
    expect(location.pathname).toBe('/in');
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('access_token')).toEqual(expect.any(String) as unknown);
  });

  it('signInWithOtp signs an unknown address up; the code of its confirmation mail signs in', async () => {
    const email = uniqueEmail('newcomer');
    const { error } = await stack()
      .client()
      .auth.signInWithOtp({ email, options: { data: { full_name: 'New Comer' } } });
    expect(error).toBeNull();
    const mail = await stack().latestMail(email);
    expect(mail.subject).toBe('Confirmez votre compte Blockademia');
    const { data } = await stack()
      .client()
      .auth.verifyOtp({ email, token: codeOf(mail.text), type: 'email' });
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String) as unknown);
    expect(data.session?.user.user_metadata).toMatchObject({ full_name: 'New Comer' });
    // The random password it got follows the password rule and is nobody's.
    const { rows } = await db().query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [email],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^\$2a\$10\$/);
  });

  it('shouldCreateUser: false answers 422 otp_disabled for an unknown address and creates nobody', async () => {
    const email = uniqueEmail('stranger');
    const { data, error } = await stack()
      .client()
      .auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(data).toEqual({ user: null, session: null });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
    expect(error?.message).toBe('Signups not allowed for otp');
    const { rows } = await db().query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
    expect((await stack().mails()).some((mail) => mail.to === email)).toBe(false);
    const raw = await post('/otp', { email, create_user: false });
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await raw.json()).toEqual({
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });
    // A known address is fine without sign-ups.
    const known = await confirmedUser('known.otp');
    const ok = await stack()
      .client()
      .auth.signInWithOtp({ email: known, options: { shouldCreateUser: false } });
    expect(ok.error).toBeNull();
  });

  it('limits magic links per user with 429, sharing the recovery mail timer as GoTrue', async () => {
    const email = await confirmedUser('otp.freq');
    const client = stack().client();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const again = await client.auth.signInWithOtp({ email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    const reset = await client.auth.resetPasswordForEmail(email);
    expect(reset.error?.code).toBe('over_email_send_rate_limit');
    expect((await stack().mails()).filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('PKCE magic link: the link answers ?code= and the exchange signs in', async () => {
    const email = await confirmedUser('pkce.magic');
    const client = pkceClient();
    const sent = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${SITE_URL}/in` },
    });
    expect(sent.error).toBeNull();
    const { location } = await followLink(verifyLink(await stack().latestMail(email)));
    const { data, error } = await client.auth.exchangeCodeForSession(
      location.searchParams.get('code') ?? '',
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect((claims.amr as { method: string }[])[0]?.method).toBe('magiclink');
  });

  it('inviteUserByEmail creates the user and mails an invite; its link signs in to set a password', async () => {
    const email = uniqueEmail('invitee');
    const admin = stack().client('service').auth.admin;
    const { data, error } = await admin.inviteUserByEmail(email, {
      data: { full_name: 'Ivy Invitee' },
      redirectTo: `${SITE_URL}/welcome`,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.invited_at).toEqual(expect.any(String) as unknown);
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String) as unknown);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toEqual({ full_name: 'Ivy Invitee' });
    expect(data.user?.identities).toHaveLength(1);
    const mail = await stack().latestMail(email);
    expect(mail.subject).toBe('Votre invitation à rejoindre Blockademia');
    const link = verifyLink(mail);
    expect(link).toContain('type=invite');
    // No password yet: nobody signs in with one.
    const early = await stack().client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('invalid_credentials');

    const { status, location, fragment } = await followLink(link);
    expect(status).toBe(303);
    expect(location.pathname).toBe('/welcome');
    expect(fragment.get('type')).toBe('invite');
    const client = stack().client();
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(session.error).toBeNull();
    expect(session.data.user?.email_confirmed_at).toEqual(expect.any(String) as unknown);
    const weak = await client.auth.updateUser({ password: 'weakpass' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    const chosen = await client.auth.updateUser({ password: 'Invited#Pass7' });
    expect(chosen.error).toBeNull();
    const signIn = await stack()
      .client()
      .auth.signInWithPassword({ email, password: 'Invited#Pass7' });
    expect(signIn.error).toBeNull();

    // A confirmed address cannot be invited again.
    const twice = await admin.inviteUserByEmail(email);
    expect(twice.error?.status).toBe(422);
    expect(twice.error?.code).toBe('email_exists');
  });

  it('refuses invitations without the service role, and bad addresses', async () => {
    const anon = await stack().client().auth.admin.inviteUserByEmail(uniqueEmail('x'));
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    const bad = await stack().client('service').auth.admin.inviteUserByEmail('not-an-address');
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    const noKey = await fetch(`${stack().url}/auth/v1/invite`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail('y') }),
    });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { code: string }).code).toBe('no_authorization');
  });
});
