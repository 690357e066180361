import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMailTemplates, type MailFields } from '../../server/auth/mailTemplates.ts';
import { MAIL_LANGUAGES, type MailKind, templateOf } from '../../server/auth/mails.ts';
import { durationSeconds, readProjectConfig } from '../../server/auth/projectConfig.ts';
import { readConfig } from '../../server/config.ts';
import { MAX_ROWS } from '../../server/rest/read.ts';
import { DEFAULT_FILE_SIZE_LIMIT } from '../../server/storage/upload.ts';
import { PASSWORD_CRITERIA, PASSWORD_MIN_LENGTH } from '../../shared/password.ts';
import { authStackFor, PASSWORD, SITE_URL, uniqueEmail, verifyLink } from './auth-stack.ts';
import { describeOnEachDatabase } from './databases.ts';

// supabase/config.toml is what `supabase config push` gives a hosted project; the stack must
// enforce the same. This file reads the TOML on its own (not through the stack's reader) and
// checks the stack against it: the values themselves, then the stack's behaviour over HTTP.
// The mail wording is written out here, so that a changed template shows in this file's diff.

const root = path.resolve(import.meta.dirname, '../..');
const CONFIG_FILE = path.join(root, 'supabase/config.toml');
const toml = parse(readFileSync(CONFIG_FILE, 'utf8'));

/** The value at a dotted key of config.toml. */
function at(key: string): unknown {
  let value: unknown = toml;
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  return value;
}

const numberAt = (key: string): number => {
  const value = at(key);
  expect(typeof value, key).toBe('number');
  return value as number;
};

type Language = (typeof MAIL_LANGUAGES)[number];
const KINDS: readonly MailKind[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change'];

/** The product's wording of each mail: French with vouvoiement, Spanish with usted. */
const WORDING: Record<MailKind, Record<Language, { subject: string; intro: string }>> = {
  signup: {
    fr: {
      subject: 'Confirmez votre compte Blockademia',
      intro:
        'Bienvenue sur Blockademia\u202f! Suivez ce lien pour confirmer votre adresse e-mail\u202f:',
    },
    en: {
      subject: 'Confirm your Blockademia account',
      intro: 'Welcome to Blockademia! Follow this link to confirm your email address:',
    },
    es: {
      subject: 'Confirme su cuenta de Blockademia',
      intro:
        '¡Le damos la bienvenida a Blockademia! Siga este enlace para confirmar su dirección de correo electrónico:',
    },
  },
  invite: {
    fr: {
      subject: 'Votre invitation à rejoindre Blockademia',
      intro:
        "Blockademia vous invite à nous rejoindre. Suivez ce lien pour accepter l'invitation\u202f:",
    },
    en: {
      subject: 'You have been invited to Blockademia',
      intro:
        'You have been invited to join Blockademia. Follow this link to accept the invitation:',
    },
    es: {
      subject: 'Su invitación para unirse a Blockademia',
      intro: 'Blockademia le invita a unirse. Siga este enlace para aceptar la invitación:',
    },
  },
  magiclink: {
    fr: {
      subject: 'Votre lien de connexion à Blockademia',
      intro: 'Suivez ce lien pour vous connecter à Blockademia\u202f:',
    },
    en: {
      subject: 'Your Blockademia sign-in link',
      intro: 'Follow this link to sign in to Blockademia:',
    },
    es: {
      subject: 'Su enlace para iniciar sesión en Blockademia',
      intro: 'Siga este enlace para iniciar sesión en Blockademia:',
    },
  },
  recovery: {
    fr: {
      subject: 'Réinitialisez votre mot de passe Blockademia',
      intro: 'Suivez ce lien pour choisir un nouveau mot de passe\u202f:',
    },
    en: {
      subject: 'Reset your Blockademia password',
      intro: 'Follow this link to choose a new password:',
    },
    es: {
      subject: 'Restablezca su contraseña de Blockademia',
      intro: 'Siga este enlace para elegir una nueva contraseña:',
    },
  },
  email_change: {
    fr: {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      intro:
        'Suivez ce lien pour confirmer le changement de votre adresse e-mail Blockademia\u202f:',
    },
    en: {
      subject: 'Confirm your new email address',
      intro: 'Follow this link to confirm the change of your Blockademia email address:',
    },
    es: {
      subject: 'Confirme su nueva dirección de correo electrónico',
      intro:
        'Siga este enlace para confirmar el cambio de su dirección de correo electrónico en Blockademia:',
    },
  },
};

const CODE_LINE: Record<Language, string> = {
  fr: 'Ou saisissez ce code\u202f:',
  en: 'Or enter this code:',
  es: 'O introduzca este código:',
};

const LAST_LINE: Record<Language, string> = {
  fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  en: 'If you did not ask for this, ignore this mail.',
  es: 'Si usted no lo ha solicitado, ignore este mensaje.',
};

describe('supabase/config.toml and the stack agree', () => {
  it('on the password rule of shared/password.ts', () => {
    expect(at('auth.minimum_password_length')).toBe(PASSWORD_MIN_LENGTH);
    // GoTrue's lower_upper_letters_digits_symbols: a lowercase and an uppercase letter, a digit
    // and a symbol, the criteria the forms show besides the length.
    expect(at('auth.password_requirements')).toBe('lower_upper_letters_digits_symbols');
    expect(PASSWORD_CRITERIA).toEqual(['length', 'lower', 'upper', 'digit', 'symbol']);
  });

  it('on the site URL (the same SITE_URL variable) and the redirect allow-list', () => {
    expect(at('auth.site_url')).toBe('env(SITE_URL)');
    expect(readConfig({ SITE_URL: 'https://school.example/' }).siteUrl).toBe(
      'https://school.example',
    );
    expect(readProjectConfig().redirectAllowList).toEqual(at('auth.additional_redirect_urls'));
  });

  it('on email confirmation (the stack confirms unless AUTH_AUTOCONFIRM is set)', () => {
    expect(at('auth.email.enable_confirmations')).toBe(true);
    expect(readConfig({}).autoconfirm).toBe(false);
  });

  it('on the mail frequency, the per-IP limits and the token lifetimes', () => {
    const project = readProjectConfig();
    const frequency = at('auth.email.max_frequency');
    expect(typeof frequency).toBe('string');
    expect(project.mailFrequencySeconds).toBe(durationSeconds(frequency as string));
    expect(project.mailFrequencySeconds).toBe(60);
    // GoTrue's buckets: /token, /verify, and the calls that send a mail, per 5 minutes.
    expect(project.ipLimits).toEqual({
      token: { max: numberAt('auth.rate_limit.token_refresh'), windowSeconds: 300 },
      verify: { max: numberAt('auth.rate_limit.token_verifications'), windowSeconds: 300 },
      otp: { max: numberAt('auth.rate_limit.sign_in_sign_ups'), windowSeconds: 300 },
    });
    expect(project.jwtExpirySeconds).toBe(at('auth.jwt_expiry'));
    expect(project.refreshReuseSeconds).toBe(at('auth.refresh_token_reuse_interval'));
    expect(project.otpExpirySeconds).toBe(at('auth.email.otp_expiry'));
    expect(at('auth.email.otp_length')).toBe(6);
  });

  it('on the REST schemas, the row cap and the upload limit', () => {
    expect(at('api.schemas')).toEqual(['public']);
    expect(at('api.max_rows')).toBe(MAX_ROWS);
    expect(at('storage.file_size_limit')).toBe('50MiB');
    expect(DEFAULT_FILE_SIZE_LIMIT).toBe(50 * 1024 * 1024);
  });

  it('on a template for every mail the stack sends, with files that parse', () => {
    for (const kind of KINDS) {
      const key = `auth.email.template.${templateOf(kind)}`;
      expect(at(`${key}.subject`), key).toEqual(expect.any(String) as unknown);
      const file = path.resolve(root, at(`${key}.content_path`) as string);
      expect(path.dirname(file)).toBe(path.join(root, 'supabase/templates'));
    }
    expect(() => loadMailTemplates(readProjectConfig(), MAIL_LANGUAGES)).not.toThrow();
  });
});

describe('the mail templates', () => {
  const templates = loadMailTemplates(readProjectConfig(), MAIL_LANGUAGES);
  const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=x';
  const fields = (data: Record<string, unknown>): MailFields => ({
    ConfirmationURL: link,
    Token: '042042',
    TokenHash: 'abc',
    SiteURL: SITE_URL,
    Email: 'ann@example.test',
    NewEmail: 'ann.new@example.test',
    RedirectTo: SITE_URL,
    Data: data,
  });

  const cases = KINDS.flatMap((kind) => MAIL_LANGUAGES.map((language) => ({ kind, language })));

  it.each(cases)('$kind reads in $language with the product wording', ({ kind, language }) => {
    const { subject, intro } = WORDING[kind][language];
    const mail = templates[templateOf(kind)].render(fields({ language }));
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe(
      `${intro}\n\n${link}\n\n${CODE_LINE[language]} 042042\n\n${LAST_LINE[language]}\n`,
    );
    const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    expect(mail.html).toContain(`<a href="${escape(link)}">${escape(subject)}</a>`);
    expect(mail.html).toContain(`<strong>042042</strong>`);
    expect(mail.html).toContain(`<p>${escape(LAST_LINE[language])}</p>`);
  });

  it('falls back to French as hosted does: no language, another one, another case', () => {
    for (const data of [{}, { language: 'de' }, { language: 'EN' }]) {
      expect(templates.confirmation.render(fields(data)).subject).toBe(WORDING.signup.fr.subject);
    }
  });
});

describe('a config.toml that drifts from the stack', () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of supabase/ with config.toml (and optionally a template) edited; its file. */
  function drifted(edit: (text: string) => string, template?: [string, string]): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'blockademia-config-'));
    copies.push(dir);
    cpSync(path.join(root, 'supabase/templates'), path.join(dir, 'supabase/templates'), {
      recursive: true,
    });
    const file = path.join(dir, 'supabase/config.toml');
    writeFileSync(file, edit(readFileSync(CONFIG_FILE, 'utf8')));
    if (template !== undefined)
      writeFileSync(path.join(dir, 'supabase/templates', template[0]), template[1]);
    return file;
  }

  it.each([
    [
      'minimum_password_length = 8',
      'minimum_password_length = 6',
      /auth\.minimum_password_length must be 8/,
    ],
    [
      '"lower_upper_letters_digits_symbols"',
      '"letters_digits"',
      /auth\.password_requirements must be/,
    ],
    [
      'enable_confirmations = true',
      'enable_confirmations = false',
      /auth\.email\.enable_confirmations must be true/,
    ],
    [
      'double_confirm_changes = false',
      'double_confirm_changes = true',
      /double_confirm_changes must be false/,
    ],
    ['otp_length = 6', 'otp_length = 8', /auth\.email\.otp_length must be 6/],
    [
      'site_url = "env(SITE_URL)"',
      'site_url = "https://school.example"',
      /auth\.site_url must be "env\(SITE_URL\)"/,
    ],
    [
      'additional_redirect_urls = []',
      'additional_redirect_urls = ["https://*.example"]',
      /cannot match the pattern/,
    ],
    ['max_frequency = "60s"', 'max_frequency = "500ms"', /max_frequency must be a duration/],
    ['token_verifications = 30\n', '', /auth\.rate_limit\.token_verifications is missing/],
  ])('refuses %s changed to %s', (before, after, message) => {
    const file = drifted((text) => {
      expect(text).toContain(before);
      return text.replace(before, after);
    });
    expect(() => readProjectConfig(file)).toThrow(message);
  });

  it('reads a changed value it can apply', () => {
    const file = drifted((text) =>
      text.replace('max_frequency = "60s"', 'max_frequency = "1m30s"'),
    );
    expect(readProjectConfig(file).mailFrequencySeconds).toBe(90);
  });

  it('refuses a template it cannot render, or one that forgets a language', () => {
    const ranged = drifted(
      (text) => text,
      ['recovery.html', '<p>{{ range .Data }}x{{ end }}</p>\n'],
    );
    expect(() => loadMailTemplates(readProjectConfig(ranged), MAIL_LANGUAGES)).toThrow(
      /recovery\.html, line 1: \{\{ range \.Data \}\} is not supported/,
    );
    const frenchOnly = drifted(
      (text) => text,
      ['invite.html', '<p>Bienvenue\u202f: {{ .ConfirmationURL }}</p>\n'],
    );
    expect(() => loadMailTemplates(readProjectConfig(frenchOnly), MAIL_LANGUAGES)).toThrow(
      /invite mail's body does not differ between the languages fr, en, es/,
    );
    const table = drifted(
      (text) => text,
      ['magic_link.html', '<table><tr><td>{{ .Token }}</td></tr></table>\n'],
    );
    expect(() => loadMailTemplates(readProjectConfig(table), MAIL_LANGUAGES)).toThrow(
      /magic_link\.html in fr: <table> is not supported/,
    );
  });
});

describeOnEachDatabase('the stack enforces config.toml', ({ db }) => {
  const stack = authStackFor(db);

  it('refuses a password one character short of minimum_password_length', async () => {
    const length = numberAt('auth.minimum_password_length');
    const short = `Aa1!${'x'.repeat(length - 5)}`;
    expect(Array.from(short)).toHaveLength(length - 1);
    const refused = await stack()
      .client()
      .auth.signUp({ email: uniqueEmail('parity.short'), password: short });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('weak_password');
    expect((refused.error as { reasons?: string[] }).reasons).toEqual(['length']);
    const accepted = await stack()
      .client()
      .auth.signUp({ email: uniqueEmail('parity.long'), password: `${short}x` });
    expect(accepted.error).toBeNull();
  });

  it('confirms addresses by mail, one mail per max_frequency, redirects only as allowed', async () => {
    const seconds = durationSeconds(at('auth.email.max_frequency') as string) ?? 0;
    const email = uniqueEmail('parity.frequency');
    const client = stack().client();
    const signedUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://elsewhere.example/welcome' },
    });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session).toBeNull();
    // additional_redirect_urls is empty: a target off the site's origin falls back to it.
    expect(at('auth.additional_redirect_urls')).toEqual([]);
    const link = new URL(verifyLink(await stack().latestMail(email)));
    expect(link.searchParams.get('redirect_to')).toBe(SITE_URL);

    const early = await client.auth.resend({ type: 'signup', email });
    expect(early.error?.code).toBe('over_email_send_rate_limit');
    expect(early.error?.message).toContain(`after ${seconds} seconds`);
    stack().advance(seconds - 1);
    expect((await client.auth.resend({ type: 'signup', email })).error?.status).toBe(429);
    stack().advance(1);
    expect((await client.auth.resend({ type: 'signup', email })).error).toBeNull();
  });

  it.each(MAIL_LANGUAGES)('sends the confirmation template rendered in %s', async (language) => {
    const email = uniqueEmail(`parity.${language}`);
    const { error } = await stack()
      .client()
      .auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { language }, emailRedirectTo: `${SITE_URL}/welcome` },
      });
    expect(error).toBeNull();
    const sent = await stack().latestMail(email);
    const link = verifyLink(sent);
    const query = new URL(link).searchParams;
    const expected = loadMailTemplates(readProjectConfig(), MAIL_LANGUAGES).confirmation.render({
      ConfirmationURL: link,
      Token: /\b(\d{6})\b/.exec(sent.text)?.[1] ?? '',
      TokenHash: query.get('token') ?? '',
      SiteURL: SITE_URL,
      Email: email,
      RedirectTo: query.get('redirect_to') ?? '',
      Data: { language },
    });
    expect({ subject: sent.subject, html: sent.html, text: sent.text }).toEqual(expected);
    expect(sent.subject).toBe(WORDING.signup[language].subject);
  });
});

// Only this suite keeps the config's per-IP limits on: the others sign up freely.
describeOnEachDatabase('the per-IP limits of config.toml', ({ db }) => {
  const stack = authStackFor(db, { ipLimits: undefined });

  const call = (route: string, body: object) =>
    fetch(`${stack().url}/auth/v1/${route}`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  // A new address each call: the same one twice would meet the per-address mail frequency first.
  const eachCall = (body: Record<string, string>, count: number): object =>
    'email' in body ? { ...body, email: `call${count}.${body.email}` } : body;

  it.each([
    ['token?grant_type=refresh_token', 'auth.rate_limit.token_refresh', { refresh_token: 'nope' }],
    [
      'verify',
      'auth.rate_limit.token_verifications',
      { type: 'email', email: 'no@example.test', token: '000000' },
    ],
    ['recover', 'auth.rate_limit.sign_in_sign_ups', { email: 'nobody@example.test' }],
  ])('/%s answers 429 after %s calls', async (route, key, body) => {
    const max = numberAt(key);
    for (let count = 1; count <= max; count += 1) {
      const response = await call(route, eachCall(body, count));
      expect(response.status, `call ${count}`).not.toBe(429);
      await response.body?.cancel();
    }
    const over = await call(route, eachCall(body, max + 1));
    expect(over.status).toBe(429);
    expect(over.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    await over.body?.cancel();
  });
});
