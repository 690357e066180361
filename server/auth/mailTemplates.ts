import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTemplate, type Template } from '../mail/goTemplate.ts';
import { htmlToText } from '../mail/plainText.ts';
import {
  MAIL_TEMPLATE_NAMES,
  type MailTemplateName,
  type ProjectAuthConfig,
} from './projectConfig.ts';

// The auth mails as supabase/config.toml declares them: a subject and a body file per kind, Go
// templates shared with hosted Supabase. They are parsed and rendered once in every language at
// start, so that a template the stack cannot render, or one that forgets a language, stops the
// stack there rather than failing a sign-up later.

/** What GoTrue gives its mail templates; the stack fills the same fields. */
export interface MailFields {
  ConfirmationURL: string;
  /** The six-digit code. */
  Token: string;
  TokenHash: string;
  SiteURL: string;
  /** The user's current address. */
  Email: string;
  /** The address being confirmed, in an email change mail only. */
  NewEmail?: string;
  RedirectTo: string;
  /** The user's metadata; the stack always puts the chosen language in `language`. */
  Data: Readonly<Record<string, unknown>>;
}

const FIELDS = new Set([
  'ConfirmationURL',
  'Token',
  'TokenHash',
  'SiteURL',
  'Email',
  'NewEmail',
  'RedirectTo',
]);

/** A plain field, or one key of the metadata (`.Data.language`), never the metadata itself. */
const knownField = (field: readonly string[]): boolean =>
  field.length === 1 ? FIELDS.has(field[0] ?? '') : field.length === 2 && field[0] === 'Data';

export interface RenderedMail {
  subject: string;
  html: string;
  /** Derived from the HTML: hosted Supabase sends the HTML alone. */
  text: string;
}

export interface MailTemplate {
  render(fields: MailFields): RenderedMail;
}

export type MailTemplates = Record<MailTemplateName, MailTemplate>;

/**
 * Reads and parses every template of the config, then renders each in every language with
 * sample fields: a template that fails, or that reads the same in two languages, throws.
 */
export function loadMailTemplates(
  config: ProjectAuthConfig,
  languages: readonly string[],
): MailTemplates {
  const entries = MAIL_TEMPLATE_NAMES.map((name): [MailTemplateName, MailTemplate] => {
    const { subject, file } = config.templates[name];
    const template = compile(
      parseTemplate(subject, { source: `auth.email.template.${name}.subject`, knownField }),
      parseTemplate(readFileSync(file, 'utf8'), { source: path.basename(file), knownField }),
    );
    const renderings = languages.map((language) => {
      try {
        return template.render(sampleFields(language));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${path.basename(file)} in ${language}: ${reason}`, { cause: error });
      }
    });
    for (const part of ['subject', 'html'] as const) {
      const distinct = new Set(renderings.map((rendering) => rendering[part]));
      if (distinct.size !== languages.length) {
        throw new Error(
          `The ${name} mail's ${part === 'html' ? 'body' : 'subject'} does not differ between ` +
            `the languages ${languages.join(', ')}: each needs its own wording.`,
        );
      }
    }
    return [name, template];
  });
  return Object.fromEntries(entries) as MailTemplates;
}

function compile(subject: Template, body: Template): MailTemplate {
  return {
    render(fields) {
      const data = { ...fields };
      const html = body.render(data);
      return { subject: subject.render(data), html, text: htmlToText(html) };
    },
  };
}

function sampleFields(language: string): MailFields {
  const url = 'http://127.0.0.1:54321/auth/v1/verify?token=sample&type=signup';
  return {
    ConfirmationURL: url,
    Token: '123456',
    TokenHash: 'sample',
    SiteURL: 'http://127.0.0.1:4173',
    Email: 'someone@example.test',
    NewEmail: 'someone.else@example.test',
    RedirectTo: 'http://127.0.0.1:4173',
    Data: { language },
  };
}
