import * as v from 'valibot';

/**
 * The contact form's rules, written once for the page and the tests. They are the CHECK
 * constraints of `public.contact_messages`
 * (supabase/migrations/20261122000004_contact_and_generated_content.sql), restated so that a
 * message the form lets through is one the database stores, and the reverse:
 * tests/server/contact-and-storage.test.ts compares the two on boundary values. Errors are codes,
 * never sentences: the renderer translates them.
 */

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 255;
export const MESSAGE_MIN_LENGTH = 10;
export const MESSAGE_MAX_LENGTH = 2000;

/** The trigger `private.enforce_contact_rate_limit`: this many messages per address per hour. */
export const CONTACT_RATE_LIMIT = { messages: 5, minutes: 60 } as const;
/** The SQLSTATE that trigger raises: the only `raise exception` on the table. */
export const CONTACT_RATE_LIMIT_ERROR_CODE = 'P0001';

export const CONTACT_SUBJECTS = ['general', 'bug', 'feature', 'account', 'data', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** The fields in the order the form shows them (the first invalid one gets the focus). */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * What can be wrong with each field. `invalid` is a malformed address for the email, and for the
 * name and the message a character Postgres text cannot hold (NUL).
 */
export const CONTACT_ERROR_CODES = {
  name: ['required', 'tooShort', 'tooLong', 'invalid'],
  email: ['required', 'tooLong', 'invalid'],
  subject: ['required'],
  message: ['required', 'tooShort', 'tooLong', 'invalid'],
} as const satisfies Record<ContactField, readonly string[]>;
type ErrorCodes = { [F in ContactField]: (typeof CONTACT_ERROR_CODES)[F][number] };
export type ContactErrorCode<F extends ContactField = ContactField> = ErrorCodes[F];

/** The first problem of each invalid field; an empty object when the message can be sent. */
export type ContactErrors = Partial<ErrorCodes>;

/** The form's values as typed: every field is a string, the subject '' until one is chosen. */
export type ContactInput = Record<ContactField, string>;

/**
 * `char_length` counts code points where String.length counts UTF-16 units: an emoji is one
 * character for the database and two for JavaScript.
 */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * `btrim(text)` removes spaces (U+0020) only, not tabs or line breaks. Done by hand: a regular
 * expression such as / +$/ takes quadratic time on a long run of spaces.
 */
export function trimSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 32) start += 1;
  while (end > start && text.charCodeAt(end - 1) === 32) end -= 1;
  return text.slice(start, end);
}

// `[:space:]` in the constraint's regular expression. Which characters it holds depends on the
// database's character classification: PGlite counts U+0085 and not U+1680, a Postgres in
// C.UTF-8 the reverse. The rule counts both, so it never lets through an address one of them
// refuses (the server test pins the difference).
const SPACE =
  '\\t\\n\\v\\f\\r \\u0085\\u1680\\u2000-\\u2006\\u2008-\\u200a\\u2028\\u2029\\u205f\\u3000';
const EMAIL_SHAPE = new RegExp(`^[^@${SPACE}]+@[^@${SPACE}]+\\.[^@${SPACE}]+$`, 'u');

/** Postgres text cannot hold U+0000: the insert would fail whatever the constraints. */
const storable = (text: string) => !text.includes('\u0000');

const NameSchema = v.pipe(
  v.string('required'),
  v.check(storable, 'invalid'),
  v.check((name) => trimSpaces(name) !== '', 'required'),
  v.check((name) => codePointLength(trimSpaces(name)) >= NAME_MIN_LENGTH, 'tooShort'),
  v.check((name) => codePointLength(name) <= NAME_MAX_LENGTH, 'tooLong'),
);

const EmailSchema = v.pipe(
  v.string('required'),
  // Any text of white space alone fails the shape anyway: call it missing, not malformed.
  v.check((email) => email.trim() !== '', 'required'),
  v.check((email) => codePointLength(email) <= EMAIL_MAX_LENGTH, 'tooLong'),
  v.check((email) => storable(email) && EMAIL_SHAPE.test(email), 'invalid'),
);

const MessageSchema = v.pipe(
  v.string('required'),
  v.check(storable, 'invalid'),
  v.check((message) => trimSpaces(message) !== '', 'required'),
  v.check((message) => codePointLength(trimSpaces(message)) >= MESSAGE_MIN_LENGTH, 'tooShort'),
  v.check((message) => codePointLength(message) <= MESSAGE_MAX_LENGTH, 'tooLong'),
);

/** A message the database accepts. Its output is what is inserted, unchanged. */
export const ContactSchema = v.object({
  name: NameSchema,
  email: EmailSchema,
  subject: v.picklist(CONTACT_SUBJECTS, 'required'),
  message: MessageSchema,
});
export type ContactMessage = v.InferOutput<typeof ContactSchema>;

export type ContactCheck =
  { ok: true; message: ContactMessage } | { ok: false; errors: ContactErrors };

function isField(path: string | null): path is ContactField {
  return (CONTACT_FIELDS as readonly (string | null)[]).includes(path);
}

function isCodeOf<F extends ContactField>(field: F, code: string): code is ContactErrorCode<F> {
  return (CONTACT_ERROR_CODES[field] as readonly string[]).includes(code);
}

/** A field's first problem is the one its pipe checks first; later ones are not reported. */
function keepFirst<F extends ContactField>(
  errors: Partial<Pick<ErrorCodes, F>>,
  field: F,
  code: string,
): void {
  if (errors[field] === undefined && isCodeOf(field, code)) errors[field] = code;
}

/** The message ready to send, or the first problem of each invalid field. */
export function checkContactMessage(input: ContactInput): ContactCheck {
  const result = v.safeParse(ContactSchema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, message: result.output };
  const errors: ContactErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue);
    if (isField(field)) keepFirst(errors, field, issue.message);
  }
  return { ok: false, errors };
}

/** The per-field error codes of the form's values: `{}` when the message can be sent. */
export function contactErrors(input: ContactInput): ContactErrors {
  const check = checkContactMessage(input);
  return check.ok ? {} : check.errors;
}
