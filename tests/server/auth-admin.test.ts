import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { authStackFor, PASSWORD, uniqueEmail } from './auth-stack.ts';

// The admin API with the service key, its refusal of anyone else, the outbox page, and a
// failing sign-up trigger.

describeOnEachDatabase('auth admin and outbox', ({ db }) => {
  const stack = authStackFor(db);

  it('refuses the anon key and a user token with 403 not_admin', async () => {
    const anon = await stack().client().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    const email = uniqueEmail('plain');
    await stack()
      .client('service')
      .auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const user = stack().client();
    const { data } = await user.auth.signInWithPassword({ email, password: PASSWORD });
    const response = await fetch(`${stack().url}/auth/v1/admin/users`, {
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${data.session?.access_token ?? ''}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    const missing = await fetch(`${stack().url}/auth/v1/admin/users`, {
      headers: { apikey: stack().anonKey },
    });
    expect(missing.status).toBe(401);
  });

  it('creates, lists, reads, updates and deletes users with the service key', async () => {
    const admin = stack().client('service').auth.admin;
    const emails = [uniqueEmail('a1'), uniqueEmail('a2'), uniqueEmail('a3')];
    for (const email of emails) {
      const { data, error } = await admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { full_name: 'Admin Made' },
        app_metadata: { plan: 'free' },
      });
      expect(error).toBeNull();
      expect(data.user?.app_metadata).toEqual({
        provider: 'email',
        providers: ['email'],
        plan: 'free',
      });
    }
    const duplicate = await admin.createUser({ email: emails[0] ?? '', password: PASSWORD });
    expect(duplicate.error?.code).toBe('email_exists');

    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect(page.data).toMatchObject({ nextPage: 2, total: expect.any(Number) as unknown });
    const all = await admin.listUsers();
    expect(all.data.users.map((user) => user.email)).toEqual(expect.arrayContaining(emails));

    const id = all.data.users.find((user) => user.email === emails[1])?.id ?? '';
    const one = await admin.getUserById(id);
    expect(one.data.user?.email).toBe(emails[1]);
    const weak = await admin.updateUserById(id, { password: 'weak' });
    expect(weak.error?.code).toBe('weak_password');
    const updated = await admin.updateUserById(id, {
      user_metadata: { bio: 'x' },
      password: 'Admin#Set123',
    });
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Admin Made', bio: 'x' });
    const signIn = await stack()
      .client()
      .auth.signInWithPassword({ email: emails[1] ?? '', password: 'Admin#Set123' });
    expect(signIn.error).toBeNull();

    const profile = await db().query('select 1 from public.profiles where user_id = $1', [id]);
    expect(profile.rows).toHaveLength(1);
    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const cascade = await db().query('select 1 from public.profiles where user_id = $1', [id]);
    expect(cascade.rows).toHaveLength(0);
  });

  it('generates links without mail: recovery OTP and a sign-up link', async () => {
    const admin = stack().client('service').auth.admin;
    const email = uniqueEmail('link');
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const before = (await stack().mails()).length;
    const { data, error } = await admin.generateLink({ type: 'recovery', email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('recovery');
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=');
    const otp = data.properties?.email_otp ?? '';
    const verified = await stack().client().auth.verifyOtp({ email, token: otp, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);

    const fresh = uniqueEmail('linked');
    const signup = await admin.generateLink({ type: 'signup', email: fresh, password: PASSWORD });
    expect(signup.error).toBeNull();
    const response = await fetch(signup.data.properties?.action_link ?? '', { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('type=signup');
    expect((await stack().mails()).length).toBe(before);
    const anon = await stack().client().auth.admin.generateLink({ type: 'recovery', email });
    expect(anon.error?.code).toBe('not_admin');
  });

  it('shows the outbox as escaped HTML and as JSON', async () => {
    const email = `<b>x</b>${uniqueEmail('html')}`.replace(/[<>/]/g, '');
    await stack()
      .client()
      .auth.signUp({ email, password: PASSWORD, options: { data: { full_name: '<script>' } } });
    const page = await fetch(`${stack().url}/mail`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Confirmez votre compte Blockademia');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&amp;type=signup');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Boîte aux lettres locale</h1>');
    expect(html).toContain('href="/mail/messages.json"');
    const json = (await (await fetch(`${stack().url}/mail/messages.json`)).json()) as unknown[];
    expect(json.length).toBeGreaterThan(0);
    expect(json.at(-1)).toMatchObject({
      to: email,
      subject: expect.any(String) as unknown,
      links: expect.any(Array) as unknown,
      sent_at: expect.any(String) as unknown,
    });
  });
});

describeOnEachDatabase('the outbox page in the reader language', ({ db }) => {
  const stack = authStackFor(db);

  it("speaks the browser's language, or the one asked with ?lang=, else French", async () => {
    const email = uniqueEmail('mailbox-language');
    await stack().client().auth.signUp({ email, password: PASSWORD });
    const open = async (query: string, acceptLanguage?: string) => {
      const response = await fetch(`${stack().url}/mail${query}`, {
        headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
      });
      return { response, html: await response.text() };
    };

    const spanish = await open('', 'es-MX,es;q=0.9,en;q=0.8');
    expect(spanish.response.headers.get('content-language')).toBe('es');
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain('<h1>Buzón local</h1>');
    expect(spanish.html).toMatch(/<p class="muted">\d+ correos? · /);
    expect(spanish.html).toContain(`Para ${email}`);

    const asked = await open('?lang=en', 'es');
    expect(asked.html).toContain('<h1>Local mailbox</h1>');
    expect(asked.html).toContain('<a href="?lang=en" aria-current="page" lang="en">English</a>');
    expect(asked.html).toContain('<a href="?lang=fr" lang="fr">Français</a>');

    const unknown = await open('?lang=de', 'de-DE');
    expect(unknown.response.headers.get('content-language')).toBe('fr');
    expect(unknown.html).toContain('· Les mêmes mails en JSON\u202f:');
  });

  it('allows its own stylesheet and nothing else', async () => {
    const response = await fetch(`${stack().url}/mail/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const style = /<style>([^<]*)<\/style>/.exec(await response.text())?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(policy).toBe(`default-src 'none'; style-src 'sha256-${hash}'`);
  });
});

describeOnEachDatabase('auth sign-up with a failing trigger', ({ db }) => {
  const stack = authStackFor(db);

  it('answers 500 unexpected_failure and leaves no user behind', async () => {
    await db().exec(`
      create function public.refuse_user() returns trigger language plpgsql as $$
      begin
        if new.email like 'refused%' then raise exception 'no'; end if;
        return new;
      end $$;
      create trigger refuse_user after insert on auth.users
        for each row execute function public.refuse_user();`);
    const email = uniqueEmail('refused');
    const { error } = await stack().client().auth.signUp({ email, password: PASSWORD });
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('Database error saving new user');
    const { rows } = await db().query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
    expect((await stack().mails()).length).toBe(0);
  });
});
