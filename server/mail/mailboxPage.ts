import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from '../../shared/catalog.ts';
import { languageFromAcceptLanguage } from '../auth/mails.ts';
import { escapeHtml } from './escapeHtml.ts';
import type { StoredMail } from './outbox.ts';

// The local mailbox as a page a person reads: in the language of `?lang=`, else the browser's
// (Accept-Language), else French; newest first; readable at 375px and in a dark system theme.

interface MailboxTexts {
  languageName: string;
  title: string;
  intro: string;
  empty: string;
  /** Intl.PluralRules categories the language uses, with {{count}}. */
  count: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  to: string;
  links: string;
  json: string;
  languages: string;
}

// French puts a narrow no-break space (U+202F) before « : » so it never starts a line.
const TEXTS: Record<Language, MailboxTexts> = {
  fr: {
    languageName: 'Français',
    title: 'Boîte aux lettres locale',
    intro:
      'Les mails que la pile locale a envoyés depuis son démarrage, le plus récent en premier. ' +
      'Ils ne sont gardés qu’en mémoire et disparaissent quand la pile s’arrête. La pile ne sert ' +
      'cette page que sur une adresse de cette machine.',
    empty:
      'Aucun mail pour l’instant. Les mails des comptes (confirmation de l’inscription, lien de ' +
      'connexion, mot de passe oublié, changement d’adresse, invitation) arrivent ici.',
    count: { one: '{{count}} mail', other: '{{count}} mails' },
    to: 'À',
    links: 'Liens du mail',
    json: 'Les mêmes mails en JSON\u202f:',
    languages: 'Langue',
  },
  en: {
    languageName: 'English',
    title: 'Local mailbox',
    intro:
      'The mails the local stack has sent since it started, newest first. They are kept in ' +
      'memory only and are gone when the stack stops. The stack serves this page on an address ' +
      'of this machine only.',
    empty:
      'No mail yet. Account mails (sign-up confirmation, sign-in link, forgotten password, ' +
      'address change, invitation) arrive here.',
    count: { one: '{{count}} mail', other: '{{count}} mails' },
    to: 'To',
    links: 'Links in the mail',
    json: 'The same mails as JSON:',
    languages: 'Language',
  },
  es: {
    languageName: 'Español',
    title: 'Buzón local',
    intro:
      'Los correos que la pila local ha enviado desde que arrancó, el más reciente primero. Solo ' +
      'se guardan en memoria y desaparecen cuando la pila se detiene. La pila sirve esta página ' +
      'solo en una dirección de esta máquina.',
    empty:
      'Todavía no hay correos. Aquí llegan los correos de las cuentas (confirmación del registro, ' +
      'enlace de inicio de sesión, contraseña olvidada, cambio de dirección, invitación).',
    count: { one: '{{count}} correo', other: '{{count}} correos' },
    to: 'Para',
    links: 'Enlaces del correo',
    json: 'Los mismos correos en JSON:',
    languages: 'Idioma',
  },
};

const STYLE = `:root{color-scheme:light dark;--text:#1f2937;--muted:#4b5563;--surface:#fff;--page:#f5f6fb;--border:#d6d9e6;--link:#3730a3}
@media (prefers-color-scheme:dark){:root{--text:#e5e7eb;--muted:#b4bac6;--surface:#1b1e2b;--page:#11131c;--border:#343a4f;--link:#a5b4fc}}
body{margin:0;background:var(--page);color:var(--text);font:16px/1.55 system-ui,sans-serif}
main{max-width:760px;margin:0 auto;padding:24px 16px 48px}
h1{margin:0 0 8px;font-size:1.6rem}
h2{margin:0 0 4px;font-size:1.15rem}
h3{margin:0 0 4px;font-size:1rem}
article *{overflow-wrap:anywhere}
a{color:var(--link)}
nav ul{display:flex;gap:12px;margin:0 0 16px;padding:0;list-style:none}
.muted{color:var(--muted)}
article{margin-top:16px;padding:16px;border:1px solid var(--border);border-radius:12px;background:var(--surface)}
pre{margin:12px 0;font:inherit;white-space:pre-wrap}
article ul{margin:0;padding-left:20px}
code{overflow-wrap:anywhere}`;

/** The page's Content-Security-Policy: nothing but its own stylesheet, named by its hash. */
export const MAILBOX_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** `?lang=` when it names a language, else the best of Accept-Language, else French. */
export function mailboxLanguage(
  requested: string | null,
  acceptLanguage: string | readonly string[] | undefined,
): Language {
  if (isLanguage(requested)) return requested;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

function countText(texts: MailboxTexts, language: Language, count: number): string {
  const category = new Intl.PluralRules(language).select(count);
  return (texts.count[category] ?? texts.count.other).replace('{{count}}', String(count));
}

function mailArticle(mail: StoredMail, texts: MailboxTexts, sent: Intl.DateTimeFormat): string {
  const links =
    mail.links.length === 0
      ? ''
      : `<h3 class="muted">${texts.links}</h3>
<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>`;
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="muted">${texts.to} ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sent_at)}">${escapeHtml(sent.format(new Date(mail.sent_at)))}</time></p>
<pre>${escapeHtml(mail.text)}</pre>
${links}
</article>`;
}

/** The mailbox page: every mail, newest first, in `language`; `messagesHref` is its JSON. */
export function mailboxPage(
  mails: readonly StoredMail[],
  language: Language,
  messagesHref: string,
): string {
  const texts = TEXTS[language];
  const sent = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'medium' });
  const items = [...mails].reverse().map((mail) => mailArticle(mail, texts, sent));
  const languageLinks = LANGUAGES.map(
    (code) =>
      `<li><a href="?lang=${code}"${code === language ? ' aria-current="page"' : ''} lang="${code}">${TEXTS[code].languageName}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${texts.title} · Blockademia</title>
<style>${STYLE}</style></head>
<body><main>
<nav aria-label="${texts.languages}"><ul>${languageLinks}</ul></nav>
<h1>${texts.title}</h1>
<p>${texts.intro}</p>
<p class="muted">${countText(texts, language, mails.length)} · ${texts.json} <a href="${escapeHtml(messagesHref)}"><code>${escapeHtml(messagesHref)}</code></a></p>
${items.length === 0 ? `<p>${texts.empty}</p>` : items.join('\n')}
</main></body></html>`;
}
