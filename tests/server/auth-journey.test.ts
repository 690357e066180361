import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import {
  authStackFor,
  decodeJwt,
  followLink,
  PASSWORD,
  SITE_URL,
  uniqueEmail,
  verifyLink,
} from './auth-stack.ts';

// One learner's whole account life through the unmodified supabase-js client: sign-up with a
// confirmation mail, sign-in, refresh rotation, email change, password change and recovery.

describeOnEachDatabase('auth journey', ({ db }) => {
  const stack = authStackFor(db);
  const email = uniqueEmail('ann');
  const newEmail = uniqueEmail('ann.new');
  let password = PASSWORD;

  it('signs up without a session and mails a confirmation link', async () => {
    const { data, error } = await stack()
      .client()
      .auth.signUp({
        email,
        password,
        options: { data: { full_name: 'Ann Example' }, emailRedirectTo: `${SITE_URL}/welcome` },
      });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String) as unknown);
    expect(data.user?.identities).toHaveLength(1);
    const mail = await stack().latestMail(email);
    expect(mail.subject).toBe('Confirmez votre compte Blockademia');
    expect(mail.text).toMatch(/\b\d{6}\b/);

    const early = await stack().client().auth.signInWithPassword({ email, password });
    expect(early.error?.status).toBe(400);
    expect(early.error?.code).toBe('email_not_confirmed');
  });

  it('confirms through the link: 303 to redirect_to with the session in the fragment', async () => {
    const mail = await stack().latestMail(email);
    const { status, location, fragment } = await followLink(verifyLink(mail));
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/welcome`);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const client = stack().client();
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String) as unknown);
    expect(data.user?.user_metadata).toMatchObject({
      full_name: 'Ann Example',
      email_verified: true,
    });
    // The link is single-use.
    const again = await followLink(verifyLink(mail));
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.fragment.get('error')).toBe('access_denied');
  });

  it('signs in with GoTrue claims, and the profile row exists through REST', async () => {
    const client = stack().client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const session = data.session;
    expect(session?.expires_in).toBe(3600);
    expect(typeof session?.expires_at).toBe('number');
    expect(session?.token_type).toBe('bearer');
    expect(data.user?.id).toBe(session?.user.id);
    const claims = decodeJwt(session?.access_token ?? '');
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      sub: data.user?.id,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ann Example' },
      aal: 'aal1',
      is_anonymous: false,
      session_id: expect.any(String) as unknown,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
    const profile = await client.from('profiles').select('user_id, full_name').single();
    expect(profile.error).toBeNull();
    expect(profile.data).toEqual({ user_id: data.user?.id, full_name: 'Ann Example' });
    const { data: user } = await client.auth.getUser();
    expect(user.user?.email).toBe(email);
  });

  it('stores a GoTrue-compatible bcrypt hash', async () => {
    const { rows } = await db().query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [email],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^\$2a\$10\$/);
  });

  it('rotates refresh tokens; an old token reused after the interval kills the family', async () => {
    const client = stack().client();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const t0 = data.session?.refresh_token ?? '';
    const r1 = await client.auth.refreshSession({ refresh_token: t0 });
    expect(r1.error).toBeNull();
    const t1 = r1.data.session?.refresh_token ?? '';
    expect(t1).not.toBe(t0);
    // The direct parent of the active token gives the active token back.
    const again = await client.auth.refreshSession({ refresh_token: t0 });
    expect(again.data.session?.refresh_token).toBe(t1);
    const r2 = await client.auth.refreshSession({ refresh_token: t1 });
    const t2 = r2.data.session?.refresh_token ?? '';
    expect(t2).not.toBe(t1);
    // An older ancestor inside the reuse interval still works.
    const inside = await stack().client().auth.refreshSession({ refresh_token: t0 });
    expect(inside.error).toBeNull();
    const t3 = inside.data.session?.refresh_token ?? '';
    stack().advance(11);
    const late = await stack().client().auth.refreshSession({ refresh_token: t0 });
    expect(late.error?.code).toBe('refresh_token_already_used');
    expect(late.error?.status).toBe(400);
    const family = await stack().client().auth.refreshSession({ refresh_token: t3 });
    expect(family.error?.code).toBe('refresh_token_already_used');
    const unknown = await stack().client().auth.refreshSession({ refresh_token: 'nope' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('changes the email only once the link sent to the new address is followed', async () => {
    const client = stack().client();
    await client.auth.signInWithPassword({ email, password });
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    const mail = await stack().latestMail(newEmail);
    const { status, fragment } = await followLink(verifyLink(mail));
    expect(status).toBe(303);
    expect(fragment.get('type')).toBe('email_change');
    const { data: after } = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(after.user?.email).toBe(newEmail);
    expect(after.user?.new_email).toBeUndefined();
    const old = await stack().client().auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('changes the password only with the right current password', async () => {
    const client = stack().client();
    await client.auth.signInWithPassword({ email: newEmail, password });
    const next = 'Another#Pass9';
    const missing = await client.auth.updateUser({ password: next });
    expect(missing.error?.code).toBe('current_password_required');
    const wrong = await client.auth.updateUser({ password: next, current_password: 'Wrong#Pass9' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('current_password_invalid');
    const weak = await client.auth.updateUser({ password: 'short', current_password: password });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    const right = await client.auth.updateUser({ password: next, current_password: password });
    expect(right.error).toBeNull();
    password = next;
    const signIn = await stack().client().auth.signInWithPassword({ email: newEmail, password });
    expect(signIn.error).toBeNull();
  });

  it('recovers the account through the recovery mail and sets a new password', async () => {
    const client = stack().client();
    stack().advance(61);
    const { data, error } = await client.auth.resetPasswordForEmail(newEmail, {
      redirectTo: `${SITE_URL}/reset`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const { fragment } = await followLink(verifyLink(await stack().latestMail(newEmail)));
    expect(fragment.get('type')).toBe('recovery');
    await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    const weak = await client.auth.updateUser({ password: 'alllowercase1!' });
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['characters']);
    const updated = await client.auth.updateUser({ password: 'Recovered#42x' });
    expect(updated.error).toBeNull();
    const old = await stack().client().auth.signInWithPassword({ email: newEmail, password });
    expect(old.error?.code).toBe('invalid_credentials');
    password = 'Recovered#42x';
    const fresh = await stack().client().auth.signInWithPassword({ email: newEmail, password });
    expect(fresh.error).toBeNull();
  });

  it('global sign-out ends every session and kills both refresh tokens', async () => {
    const a = stack().client();
    const b = stack().client();
    const sa = await a.auth.signInWithPassword({ email: newEmail, password });
    const sb = await b.auth.signInWithPassword({ email: newEmail, password });
    const { error } = await a.auth.signOut();
    expect(error).toBeNull();
    for (const session of [sa.data.session, sb.data.session]) {
      const refresh = await stack()
        .client()
        .auth.refreshSession({
          refresh_token: session?.refresh_token ?? '',
        });
      expect(refresh.error?.code).toBe('refresh_token_not_found');
    }
    const stale = await stack()
      .client()
      .auth.getUser(sa.data.session?.access_token ?? '');
    expect(stale.error?.name).toBe('AuthSessionMissingError');
    const bOut = await b.auth.signOut();
    expect(bOut.error).toBeNull();
  });
});
