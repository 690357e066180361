import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, mailLanguage } from '../../server/auth/mails.ts';
import type { StoredMail } from '../../server/mail/outbox.ts';
import type { Language } from '../../shared/catalog.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  authStackFor,
  followLink,
  PASSWORD,
  SITE_URL,
  uniqueEmail,
  verifyLink,
} from './auth-stack.ts';

// The auth mails speak the recipient's language: user_metadata.language when it is fr, en or es,
// else the best match of the request's Accept-Language, else French. The wording is written
// out here, not read from the server, so that a changed subject shows in this file's diff.

type Kind = 'signup' | 'recovery' | 'email_change' | 'invite' | 'magiclink';

const SUBJECTS: Record<Kind, Record<Language, string>> = {
  signup: {
    fr: 'Confirmez votre compte Blockademia',
    en: 'Confirm your Blockademia account',
    es: 'Confirme su cuenta de Blockademia',
  },
  recovery: {
    fr: 'Réinitialisez votre mot de passe Blockademia',
    en: 'Reset your Blockademia password',
    es: 'Restablezca su contraseña de Blockademia',
  },
  email_change: {
    fr: 'Confirmez votre nouvelle adresse e-mail',
    en: 'Confirm your new email address',
    es: 'Confirme su nueva dirección de correo electrónico',
  },
  invite: {
    fr: 'Votre invitation à rejoindre Blockademia',
    en: 'You have been invited to Blockademia',
    es: 'Su invitación para unirse a Blockademia',
  },
  magiclink: {
    fr: 'Votre lien de connexion à Blockademia',
    en: 'Your Blockademia sign-in link',
    es: 'Su enlace para iniciar sesión en Blockademia',
  },
};

/** An Accept-Language header that asks for each language. */
const HEADERS: Record<Language, string> = {
  fr: 'fr-BE,fr;q=0.9',
  en: 'en-US,en;q=0.9',
  es: 'es-MX,es;q=0.9,en;q=0.5',
};

/** The line before the code, and the last line, as they read in the text part. */
const CODE_LINE: Record<Language, RegExp> = {
  fr: /\nOu saisissez ce code\u202f: (\d{6})\n/,
  en: /\nOr enter this code: (\d{6})\n/,
  es: /\nO introduzca este código: (\d{6})\n/,
};
const LAST_LINE: Record<Language, string> = {
  fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.\n",
  en: 'If you did not ask for this, ignore this mail.\n',
  es: 'Si usted no lo ha solicitado, ignore este mensaje.\n',
};

interface LanguageCase {
  name: string;
  /** user_metadata.language, when set. */
  metadata?: string;
  /** The Accept-Language header; without it, Node's fetch sends `*`. */
  header?: string;
  expected: Language;
}

const CASES: LanguageCase[] = [
  {
    name: 'user_metadata es wins over Accept-Language en',
    metadata: 'es',
    header: 'en-US,en;q=0.9',
    expected: 'es',
  },
  {
    name: 'user_metadata en wins over Accept-Language fr',
    metadata: 'en',
    header: 'fr-FR',
    expected: 'en',
  },
  {
    name: 'Accept-Language es-MX,es;q=0.9,en;q=0.5',
    header: 'es-MX,es;q=0.9,en;q=0.5',
    expected: 'es',
  },
  {
    name: 'Accept-Language en with an unusable user_metadata.language',
    metadata: 'de',
    header: 'de-DE,en-GB;q=0.8',
    expected: 'en',
  },
  {
    name: 'French for a header naming none of fr/en/es',
    header: 'de-DE,de;q=0.9,it;q=0.5',
    expected: 'fr',
  },
  { name: 'French with neither metadata nor header', expected: 'fr' },
];

/** Checks the mail's subject and both parts in the expected language; returns its code. */
function expectLanguage(mail: StoredMail, kind: Kind, language: Language): string {
  expect(mail.subject).toBe(SUBJECTS[kind][language]);
  const code = CODE_LINE[language].exec(mail.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.text.endsWith(LAST_LINE[language])).toBe(true);
  const link = verifyLink(mail);
  expect(mail.text).toContain(`\n\n${link}\n\n`);
  // The HTML part: the escaped link with the escaped subject as its text, the code in bold.
  const escapedLink = link.replaceAll('&', '&amp;');
  const escapedSubject = SUBJECTS[kind][language].replaceAll("'", '&#39;');
  expect(mail.html).toContain(`<a href="${escapedLink}">${escapedSubject}</a>`);
  expect(mail.html).toContain(`<strong>${code ?? ''}</strong>`);
  expect(mail.html).toContain(`<p>${LAST_LINE[language].trim().replaceAll("'", '&#39;')}</p>`);
  expect(link).toContain(`type=${kind}`);
  return code ?? '';
}

describe('the mail language choice', () => {
  it('weighs Accept-Language ranges by q, matches subtags, honours * and q=0', () => {
    expect(languageFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.5')).toBe('es');
    expect(languageFromAcceptLanguage('en;q=0.4, es;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('de, EN-gb;q=0.7, fr;q=0.7')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('fr');
    expect(languageFromAcceptLanguage('fr;q=0, *;q=0.5')).toBe('en');
    expect(languageFromAcceptLanguage('fr;q=0, en;q=0, *')).toBe('es');
    expect(languageFromAcceptLanguage('en-US;q=0, en-GB;q=0.2, de')).toBe('en');
    expect(languageFromAcceptLanguage('es;q=0')).toBeUndefined();
    expect(languageFromAcceptLanguage('de, it')).toBeUndefined();
    expect(languageFromAcceptLanguage('')).toBeUndefined();
    expect(languageFromAcceptLanguage('français, en;q=abc')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('takes user_metadata.language only when it is fr, en or es, and falls back to French', () => {
    expect(mailLanguage({ raw_user_meta_data: { language: 'es' } }, 'en')).toBe('es');
    expect(mailLanguage({ raw_user_meta_data: { language: 'ES' } }, 'en')).toBe('en');
    expect(mailLanguage({ raw_user_meta_data: { language: 42 } }, undefined)).toBe('fr');
    expect(mailLanguage({ raw_user_meta_data: null }, 'de')).toBe('fr');
  });
});

describeOnEachDatabase('auth mails in the recipient language', ({ db }) => {
  const stack = authStackFor(db);

  /** An anon client whose requests carry this Accept-Language (none: Node's `*`). */
  const clientWith = (header: string | undefined) =>
    createClient(stack().url, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: header === undefined ? {} : { 'Accept-Language': header } },
    });

  const metadataOf = (metadata: string | undefined) =>
    metadata === undefined ? {} : { language: metadata };

  /** A confirmed user made with the service key, with this user_metadata.language. */
  async function confirmedUser(name: string, metadata: string | undefined): Promise<string> {
    const email = uniqueEmail(name);
    const { error } = await stack()
      .client('service')
      .auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: metadataOf(metadata),
      });
    expect(error).toBeNull();
    return email;
  }

  it.each(CASES)('sign-up confirmation: $name', async ({ metadata, header, expected }) => {
    const email = uniqueEmail('lang.signup');
    const client = clientWith(header);
    const { error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: metadataOf(metadata), emailRedirectTo: `${SITE_URL}/welcome` },
    });
    expect(error).toBeNull();
    const mail = await stack().latestMail(email);
    const code = expectLanguage(mail, 'signup', expected);
    // The link confirms and signs in; the code is the one stored with it.
    const { status, location, fragment } = await followLink(verifyLink(mail));
    expect(status).toBe(303);
    expect(location.pathname).toBe('/welcome');
    expect(fragment.get('type')).toBe('signup');
    const { data } = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String) as unknown);
    const reused = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('sign-up through signInWithOtp follows options.data.language too', async () => {
    const email = uniqueEmail('lang.otp');
    const client = clientWith('fr-CA,fr;q=0.9');
    const sent = await client.auth.signInWithOtp({ email, options: { data: { language: 'es' } } });
    expect(sent.error).toBeNull();
    const code = expectLanguage(await stack().latestMail(email), 'signup', 'es');
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.user_metadata).toMatchObject({ language: 'es' });
  });

  it.each(CASES)('password recovery: $name', async ({ metadata, header, expected }) => {
    const email = await confirmedUser('lang.recover', metadata);
    const client = clientWith(header);
    const { error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE_URL}/reset`,
    });
    expect(error).toBeNull();
    const mail = await stack().latestMail(email);
    expectLanguage(mail, 'recovery', expected);
    const { status, location, fragment } = await followLink(verifyLink(mail));
    expect(status).toBe(303);
    expect(location.pathname).toBe('/reset');
    expect(fragment.get('type')).toBe('recovery');
    const { data } = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(data.user?.email).toBe(email);
  });

  it.each(CASES)('email change: $name', async ({ metadata, header, expected }) => {
    const email = await confirmedUser('lang.move', metadata);
    const newEmail = uniqueEmail('lang.moved');
    const client = clientWith(header);
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const { error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${SITE_URL}/moved` },
    );
    expect(error).toBeNull();
    const mail = await stack().latestMail(newEmail);
    expectLanguage(mail, 'email_change', expected);
    const { status, location, fragment } = await followLink(verifyLink(mail));
    expect(status).toBe(303);
    expect(location.pathname).toBe('/moved');
    expect(fragment.get('type')).toBe('email_change');
    const { data } = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(data.user?.email).toBe(newEmail);
  });

  it('a language set with updateUser applies to the mail of the same request', async () => {
    const email = await confirmedUser('lang.switch', 'fr');
    const newEmail = uniqueEmail('lang.switched');
    const client = clientWith('fr');
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.updateUser({ email: newEmail, data: { language: 'en' } });
    expect(error).toBeNull();
    expectLanguage(await stack().latestMail(newEmail), 'email_change', 'en');
  });

  it.each<Language>(['fr', 'en', 'es'])(
    'invitation, magic link and resent confirmation in %s',
    async (language) => {
      // An invitation follows the invitee's metadata, not the administrator's header.
      const invitee = uniqueEmail('lang.invite');
      const admin = createClient(stack().url, stack().serviceKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { 'Accept-Language': language === 'fr' ? 'en' : 'fr' } },
      }).auth.admin;
      const invited = await admin.inviteUserByEmail(invitee, { data: { language } });
      expect(invited.error).toBeNull();
      const invitation = await stack().latestMail(invitee);
      expectLanguage(invitation, 'invite', language);
      const accepted = await followLink(verifyLink(invitation));
      expect(accepted.fragment.get('type')).toBe('invite');
      expect(accepted.fragment.get('access_token')).toEqual(expect.any(String) as unknown);

      // A magic link and a resent confirmation follow the request's header.
      const email = await confirmedUser('lang.magic', undefined);
      const client = clientWith(HEADERS[language]);
      expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
      const code = expectLanguage(await stack().latestMail(email), 'magiclink', language);
      const signedIn = await client.auth.verifyOtp({ email, token: code, type: 'email' });
      expect(signedIn.error).toBeNull();

      const pending = uniqueEmail('lang.resend');
      await clientWith(undefined).auth.signUp({ email: pending, password: PASSWORD });
      expectLanguage(await stack().latestMail(pending), 'signup', 'fr');
      stack().advance(61);
      expect((await client.auth.resend({ type: 'signup', email: pending })).error).toBeNull();
      const resent = await stack().latestMail(pending);
      expectLanguage(resent, 'signup', language);
      const confirmed = await followLink(verifyLink(resent));
      expect(confirmed.fragment.get('type')).toBe('signup');
    },
  );
});
