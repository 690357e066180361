import { describe, expect, it } from 'vitest';
import { AuthError, OAuthError } from '../../server/auth/errors.ts';
import { bodyAs } from '../../server/auth/http.ts';
import {
  ADMIN_CREATE_USER_BODY,
  ADMIN_UPDATE_USER_BODY,
  GENERATE_LINK_BODY,
  OTP_BODY,
  RESEND_BODY,
  SIGNUP_BODY,
  TOKEN_PASSWORD_BODY,
  TOKEN_REFRESH_BODY,
  USER_UPDATE_BODY,
  VERIFY_BODY,
} from '../../server/auth/requestBodies.ts';

// The auth API's JSON bodies (server/auth/requestBodies.ts): string fields read as GoTrue's
// handlers read them, metadata that is no object taken as empty, and each refusal with the
// status, code and words the HTTP answer carries, the first one in GoTrue's order winning.

/** The refusal a body gets, as the HTTP answer would carry it, or 'accepted'. */
function problem(schema: Parameters<typeof bodyAs>[0], body: Record<string, unknown>): string {
  try {
    bodyAs(schema, body);
    return 'accepted';
  } catch (error) {
    if (error instanceof AuthError) return `${error.status} ${error.code}: ${error.message}`;
    if (error instanceof OAuthError) return `oauth ${error.error}: ${error.description}`;
    throw error;
  }
}

const STRONG = 'Str0ng!Passw0rd';
/** A valid PKCE challenge (43 characters). */
const CHALLENGE = 'a'.repeat(43);

describe('auth request bodies', () => {
  it('reads an absent, empty, null or non-string text field as no value', () => {
    const email = 'ada@example.com';
    for (const role of [undefined, '', null, 5, true, ['admin'], { name: 'admin' }]) {
      const body = role === undefined ? { email } : { email, role };
      expect(bodyAs(ADMIN_CREATE_USER_BODY, body).role, JSON.stringify(role)).toBeUndefined();
    }
    expect(bodyAs(ADMIN_CREATE_USER_BODY, { email, role: 'editor' }).role).toBe('editor');
    // The same no value in a required field is its refusal.
    for (const missing of [undefined, '', null, 7]) {
      const body = missing === undefined ? {} : { email: missing };
      expect(problem(ADMIN_CREATE_USER_BODY, body), String(missing)).toBe(
        '400 validation_failed: Cannot create a user without either an email or phone',
      );
    }
    for (const refresh_token of [undefined, '', null, 42]) {
      const body = refresh_token === undefined ? {} : { refresh_token };
      expect(problem(TOKEN_REFRESH_BODY, body)).toBe(
        'oauth invalid_request: refresh_token required',
      );
    }
    expect(bodyAs(TOKEN_REFRESH_BODY, { refresh_token: 'r1' })).toEqual({ refresh_token: 'r1' });
  });

  it('takes metadata that is no JSON object as an empty one', () => {
    const body = { email: 'ada@example.com', password: STRONG };
    for (const data of [undefined, null, 5, 'x', [1, 2], true]) {
      const withData = data === undefined ? body : { ...body, data };
      expect(bodyAs(SIGNUP_BODY, withData).data, JSON.stringify(data)).toEqual({});
    }
    const data = { name: 'Ada', constructor: 'kept' };
    expect(bodyAs(SIGNUP_BODY, { ...body, data }).data).toEqual(data);
    // Changes to merge: absent is none, present but no object changes nothing.
    expect(bodyAs(ADMIN_UPDATE_USER_BODY, {}).user_metadata).toBeUndefined();
    expect(bodyAs(ADMIN_UPDATE_USER_BODY, { user_metadata: null }).user_metadata).toEqual({});
    expect(bodyAs(USER_UPDATE_BODY, { data: null }).data).toBeUndefined();
    expect(bodyAs(USER_UPDATE_BODY, { data: [1] }).data).toEqual({});
  });

  it('reads flags and addresses as the handlers did', () => {
    const email = 'ada@example.com';
    expect(bodyAs(ADMIN_CREATE_USER_BODY, { email, email_confirm: true }).email_confirm).toBe(true);
    for (const email_confirm of ['true', 1, null]) {
      expect(bodyAs(ADMIN_CREATE_USER_BODY, { email, email_confirm }).email_confirm).toBe(false);
    }
    expect(bodyAs(OTP_BODY, { email }).create_user).toBe(true);
    expect(bodyAs(OTP_BODY, { email, create_user: null }).create_user).toBe(true);
    expect(bodyAs(OTP_BODY, { email, create_user: false }).create_user).toBe(false);
    expect(bodyAs(OTP_BODY, { email: '  Ada@Example.COM ' }).email).toBe(email);
  });

  it('refuses a wrong value with the answer the HTTP API gives', () => {
    expect(problem(RESEND_BODY, { type: 5, email: 'ada@example.com' })).toBe(
      '400 validation_failed: Missing one of these types: signup, email_change, sms, phone_change',
    );
    expect(problem(RESEND_BODY, { type: 'signup', email: 'ada' })).toBe(
      '400 validation_failed: Unable to validate email address: invalid format',
    );
    expect(problem(VERIFY_BODY, { type: 'sms', token_hash: 'h' })).toBe(
      '400 validation_failed: Unsupported verification type',
    );
    expect(problem(VERIFY_BODY, { type: ['signup'], token_hash: 'h' })).toBe(
      '400 validation_failed: Verify requires a verification type',
    );
    expect(problem(GENERATE_LINK_BODY, { type: 'toString', email: 'ada@example.com' })).toBe(
      '400 validation_failed: Invalid email action link type requested',
    );
    expect(problem(ADMIN_CREATE_USER_BODY, { email: 'ada@example.com', id: 'nope' })).toBe(
      '400 validation_failed: ID must conform to the uuid v4 format',
    );
    expect(problem(SIGNUP_BODY, { email: 'ada@example.com', password: 'short' })).toMatch(
      /^422 weak_password: Password should be at least/,
    );
  });

  it('reports the first refusal in GoTrue order when several fields are wrong', () => {
    // Sign-up: phone, then no credentials at all, then the password, then the address.
    expect(problem(SIGNUP_BODY, { phone: '+4912345' })).toBe(
      '400 phone_provider_disabled: Phone signups are disabled',
    );
    expect(problem(SIGNUP_BODY, { data: {} })).toBe(
      '422 anonymous_provider_disabled: Anonymous sign-ins are disabled',
    );
    expect(problem(SIGNUP_BODY, { email: 'not an address' })).toBe(
      '400 validation_failed: Signup requires a valid password',
    );
    expect(problem(SIGNUP_BODY, { email: 'not an address', password: 'weak' })).toMatch(
      /^422 weak_password: /,
    );
    expect(
      problem(SIGNUP_BODY, { email: 'not an address', password: STRONG, code_challenge: 'x' }),
    ).toBe('400 validation_failed: Unable to validate email address: invalid format');
    // OTP: the PKCE pair before sign-ups being off, which comes before the address's format.
    expect(problem(OTP_BODY, { email: 'bad', create_user: false, code_challenge: CHALLENGE })).toBe(
      '400 validation_failed: PKCE flow requires code_challenge_method and code_challenge',
    );
    expect(problem(OTP_BODY, { email: 'bad', create_user: false })).toBe(
      '422 otp_disabled: Signups not allowed for otp',
    );
    expect(problem(OTP_BODY, { email: 'bad' })).toBe(
      '400 validation_failed: Unable to validate email address: invalid format',
    );
    expect(problem(OTP_BODY, { phone: '+4912345' })).toBe(
      '400 phone_provider_disabled: Unsupported phone provider',
    );
    expect(problem(OTP_BODY, {})).toBe('400 validation_failed: One of email or phone must be set');
    // PUT /user: app_metadata, even null, before a weak password and a bad address.
    expect(problem(USER_UPDATE_BODY, { app_metadata: null, password: 'weak', email: 'x' })).toBe(
      '403 not_admin: User not allowed',
    );
    expect(problem(USER_UPDATE_BODY, { password: 'weak', email: 'x' })).toMatch(
      /^422 weak_password: /,
    );
    // Password sign-in: both an email and a phone, or no email at all.
    expect(problem(TOKEN_PASSWORD_BODY, { email: 'a@b.co', phone: '+4912345' })).toBe(
      '400 validation_failed: Only an email address or phone number should be provided',
    );
    expect(problem(TOKEN_PASSWORD_BODY, { phone: '+4912345' })).toBe(
      '400 validation_failed: missing email or phone',
    );
    // POST /verify: the type, then exactly one of token and hash, then nothing beside a hash.
    expect(problem(VERIFY_BODY, { token: '123456', token_hash: 'h' })).toBe(
      '400 validation_failed: Verify requires a verification type',
    );
    expect(problem(VERIFY_BODY, { type: 'email', token: '123456', token_hash: 'h' })).toBe(
      '400 validation_failed: Verify requires either a token or a token hash',
    );
    expect(problem(VERIFY_BODY, { type: 'email', token_hash: 'h', email: 'a@b.co' })).toBe(
      '400 validation_failed: Only the token_hash and type should be provided',
    );
  });
});
