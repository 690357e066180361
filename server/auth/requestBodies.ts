import * as v from 'valibot';
import { AuthError, OAuthError, validationFailed } from './errors.ts';
import { checkPassword } from './passwords.ts';
import { readPkce } from './pkce.ts';
import { isEmailAddress, type Json, normalizeEmail } from './users.ts';

// The JSON bodies the auth API accepts, as valibot schemas, read as GoTrue's handlers read them:
// a string field that is absent, null, of another type or '' holds no value, metadata that is no
// JSON object is an empty object (where null means "no change", as in PUT /user, it stays none).
// Each refusal is GoTrue's, in its words and in its order: the
// fields' checks in the schema's order, then the checks piped after them. The product's own rules
// (the password rule, an address's format, a PKCE challenge) are their modules' functions, which
// throw their own errors. http.ts `bodyAs` reads a body against one of these schemas.

const EMAIL_OR_PHONE_ONLY = 'Only an email address or phone number should be provided';
const PHONE_SIGNUPS_DISABLED = 'Phone signups are disabled';
const UNSUPPORTED_PHONE_PROVIDER = 'Unsupported phone provider';
const ANONYMOUS_SIGN_INS_DISABLED = 'Anonymous sign-ins are disabled';
const OTP_SIGNUPS_DISABLED = 'Signups not allowed for otp';
const USER_NOT_ALLOWED = 'User not allowed';
const REFRESH_TOKEN_REQUIRED = 'refresh_token required';
const AUTH_CODE_AND_VERIFIER =
  'invalid request: both auth code and code verifier should be non-empty';

/** POST /otp with `create_user: false` for an address that has no account, or none usable. */
export function otpSignupsDisabled(): AuthError {
  return new AuthError(422, 'otp_disabled', OTP_SIGNUPS_DISABLED);
}

/** The refusals GoTrue answers otherwise than 400 validation_failed, by their message. */
const REFUSALS = new Map<string, () => AuthError | OAuthError>([
  [
    PHONE_SIGNUPS_DISABLED,
    () => new AuthError(400, 'phone_provider_disabled', PHONE_SIGNUPS_DISABLED),
  ],
  [
    UNSUPPORTED_PHONE_PROVIDER,
    () => new AuthError(400, 'phone_provider_disabled', UNSUPPORTED_PHONE_PROVIDER),
  ],
  [
    ANONYMOUS_SIGN_INS_DISABLED,
    () => new AuthError(422, 'anonymous_provider_disabled', ANONYMOUS_SIGN_INS_DISABLED),
  ],
  [OTP_SIGNUPS_DISABLED, otpSignupsDisabled],
  [USER_NOT_ALLOWED, () => new AuthError(403, 'not_admin', USER_NOT_ALLOWED)],
  [REFRESH_TOKEN_REQUIRED, () => new OAuthError('invalid_request', REFRESH_TOKEN_REQUIRED)],
]);

/** GoTrue's error for a body refused with this message. */
export function refusalOf(message: string): AuthError | OAuthError {
  return REFUSALS.get(message)?.() ?? validationFailed(message);
}

/** A string field: absent, null, of another type or '', it holds no value (undefined). */
const optionalText = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' && value !== '' ? value : undefined)),
  ),
  // An absent field is read as an empty one, so that the checks piped after it run for it too.
  '',
);

/** A string field that must hold a value; without one (as optionalText reads it), `message`. */
const requiredText = (message: string) => v.pipe(optionalText, v.string(message));

const isJsonObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON object field, kept as sent; anything else is an empty object. */
const jsonObject = v.fallback(v.custom<Json>(isJsonObject), () => ({}));

/** Metadata to store: absent or no JSON object, an empty object. */
const metadata = v.optional(jsonObject, () => ({}));

/** Metadata to merge into the stored one: absent, none; present but no object, an empty one. */
const metadataChanges = v.optional(jsonObject);

/** A flag that only JSON `true` sets. */
const onlyTrue = v.fallback(v.optional(v.boolean(), false), false);

/** A flag that only JSON `false` clears. */
const unlessFalse = v.fallback(v.optional(v.boolean(), true), true);

/** An address, trimmed and lower-cased; none or a malformed one is refused as GoTrue does. */
const emailAddress = v.pipe(optionalText, v.transform(normalizeEmail));

/** A new password, when one is given, held to the product's rule (passwords.ts). */
const newPassword = v.pipe(
  optionalText,
  v.transform((password) => (password === undefined ? undefined : checkPassword(password))),
);

/** The PKCE challenge of the email flows; pkce.ts `readPkce` checks the pair. */
const PKCE_FIELDS = { code_challenge: optionalText, code_challenge_method: optionalText };

/** A user id as the admin API takes it, in a body or in its path. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /signup: an email sign-up; phone sign-ups and anonymous sign-ins are off. */
export const SIGNUP_BODY = v.pipe(
  v.object({
    email: optionalText,
    phone: optionalText,
    password: optionalText,
    data: metadata,
    ...PKCE_FIELDS,
  }),
  v.check((body) => body.phone === undefined, PHONE_SIGNUPS_DISABLED),
  v.check(
    (body) => body.email !== undefined || body.password !== undefined,
    ANONYMOUS_SIGN_INS_DISABLED,
  ),
  v.check((body) => body.password !== undefined, 'Signup requires a valid password'),
  // In GoTrue's order: the password, then the address, then the challenge.
  v.transform((body) => ({
    password: checkPassword(body.password),
    email: normalizeEmail(body.email),
    pkce: readPkce(body),
    data: body.data,
  })),
);

/** POST /token?grant_type=password; the password is checked against the user's hash. */
export const TOKEN_PASSWORD_BODY = v.pipe(
  v.object({
    email: requiredText('missing email or phone'),
    phone: optionalText,
    password: optionalText,
  }),
  // GoTrue checks this before the email's presence; a body it refuses has an email, so which
  // comes first makes no difference.
  v.check((body) => body.phone === undefined, EMAIL_OR_PHONE_ONLY),
);

/** POST /token?grant_type=refresh_token */
export const TOKEN_REFRESH_BODY = v.object({
  refresh_token: requiredText(REFRESH_TOKEN_REQUIRED),
});

/** POST /token?grant_type=pkce: the auth code a link handed out, and its challenge's verifier. */
export const TOKEN_PKCE_BODY = v.object({
  auth_code: requiredText(AUTH_CODE_AND_VERIFIER),
  code_verifier: requiredText(AUTH_CODE_AND_VERIFIER),
});

/** PUT /user: what users change of their own account. */
export const USER_UPDATE_BODY = v.pipe(
  v.object({
    // The service role's alone: refused whatever it holds, null included.
    app_metadata: v.optional(v.never(USER_NOT_ALLOWED)),
    password: newPassword,
    email: v.pipe(
      optionalText,
      v.transform((email) => (email === undefined ? undefined : normalizeEmail(email))),
    ),
    ...PKCE_FIELDS,
    current_password: optionalText,
    // null, as absent, changes nothing.
    data: v.pipe(
      v.nullish(jsonObject),
      v.transform((data) => data ?? undefined),
    ),
  }),
  v.transform((body) => ({ ...body, pkce: readPkce(body) })),
);

export type UserUpdate = v.InferOutput<typeof USER_UPDATE_BODY>;

const VERIFY_TYPES = [
  'signup',
  'invite',
  'recovery',
  'magiclink',
  'email',
  'email_change',
] as const;

/** A verification type: POST /verify's field, and GET /verify's parameter of that name. */
export const VERIFY_TYPE = v.pipe(
  v.string('Verify requires a verification type'),
  v.picklist(VERIFY_TYPES, 'Unsupported verification type'),
);

/** POST /verify: a link's token hash, or a typed code with the address it was sent to. */
export const VERIFY_BODY = v.pipe(
  v.object({
    type: v.pipe(optionalText, VERIFY_TYPE),
    token_hash: optionalText,
    token: optionalText,
    email: optionalText,
    phone: optionalText,
  }),
  v.check(
    (body) => (body.token_hash === undefined) !== (body.token === undefined),
    'Verify requires either a token or a token hash',
  ),
  v.check(
    (body) =>
      body.token_hash === undefined || (body.email === undefined && body.phone === undefined),
    'Only the token_hash and type should be provided',
  ),
);

/** POST /otp: a magic link or code by email (phones are off), signing unknown addresses up. */
export const OTP_BODY = v.pipe(
  v.object({
    email: optionalText,
    phone: optionalText,
    channel: optionalText,
    ...PKCE_FIELDS,
    create_user: unlessFalse,
    data: metadata,
  }),
  v.check((body) => body.email === undefined || body.phone === undefined, EMAIL_OR_PHONE_ONLY),
  v.check(
    (body) => body.email === undefined || body.channel === undefined,
    'Channel should only be specified with Phone OTP',
  ),
  v.transform((body) => ({ ...body, pkce: readPkce(body) })),
  // As GoTrue's shouldCreateUser: with sign-ups off, even an unusable address is otp_disabled.
  v.check(
    (body) => body.create_user || body.email === undefined || isEmailAddress(body.email),
    OTP_SIGNUPS_DISABLED,
  ),
  v.check(
    (body) => body.email !== undefined || body.phone === undefined,
    UNSUPPORTED_PHONE_PROVIDER,
  ),
  v.check((body) => body.email !== undefined, 'One of email or phone must be set'),
  v.transform((body) => ({ ...body, email: normalizeEmail(body.email) })),
);

/** POST /recover */
export const RECOVER_BODY = v.pipe(
  v.object({
    email: v.pipe(
      requiredText('Password recovery requires an email'),
      v.transform((email: string) => normalizeEmail(email)),
    ),
    ...PKCE_FIELDS,
  }),
  v.transform((body) => ({ email: body.email, pkce: readPkce(body) })),
);

/** POST /resend: the mails that can be sent again. */
export const RESEND_BODY = v.object({
  type: v.pipe(
    optionalText,
    v.picklist(
      ['signup', 'email_change'],
      'Missing one of these types: signup, email_change, sms, phone_change',
    ),
  ),
  email: emailAddress,
});

/** POST /invite */
export const INVITE_BODY = v.object({ email: emailAddress, data: metadata });

export const GENERATE_LINK_TYPES = ['signup', 'magiclink', 'recovery', 'email_change_new'] as const;

/** POST /admin/generate_link */
export const GENERATE_LINK_BODY = v.pipe(
  v.object({
    type: v.pipe(
      optionalText,
      v.picklist(GENERATE_LINK_TYPES, 'Invalid email action link type requested'),
    ),
    email: emailAddress,
    redirect_to: optionalText,
    password: optionalText,
    data: metadata,
    // Read once the user is found: an unknown user is 404 before a malformed new address.
    new_email: optionalText,
  }),
  // Only a sign-up link may create a user, and so needs a password.
  v.transform((body) => ({
    ...body,
    password: body.type === 'signup' ? checkPassword(body.password) : undefined,
  })),
);

/** POST /admin/users */
export const ADMIN_CREATE_USER_BODY = v.object({
  email: v.pipe(
    requiredText('Cannot create a user without either an email or phone'),
    v.transform((email: string) => normalizeEmail(email)),
  ),
  id: v.pipe(
    optionalText,
    v.check((id) => id === undefined || UUID.test(id), 'ID must conform to the uuid v4 format'),
  ),
  // As in GoTrue, an empty password is none; any other meets the rule, as at sign-up.
  password: newPassword,
  user_metadata: metadata,
  app_metadata: metadata,
  email_confirm: onlyTrue,
  role: optionalText,
});

/** PUT /admin/users/{id} */
export const ADMIN_UPDATE_USER_BODY = v.object({
  password: newPassword,
  // Checked once the user is found: an unknown user is 404 before a malformed address.
  email: optionalText,
  user_metadata: metadataChanges,
  app_metadata: metadataChanges,
  email_confirm: onlyTrue,
});

export type AdminUserUpdate = v.InferOutput<typeof ADMIN_UPDATE_USER_BODY>;
