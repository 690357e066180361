import { describe, expect, it } from 'vitest';
import { accountEmailProblem } from '../../shared/account';
import { isPasswordTooLong, passwordCriteria, unmetPasswordCriteria } from '../../shared/password';
import { classifyAuthError, AuthFailure } from '../../renderer/features/account/authProblem';
import { linkCallbackProblem } from '../../renderer/features/account/linkCallback';
import { authPathFrom, returnPath } from '../../renderer/features/account/returnPath';
import { BackendNotConfiguredError } from '../../renderer/session/supabaseClient';

describe('the password rule', () => {
  it('lists every criterion a password misses, in the order the forms show them', () => {
    expect(unmetPasswordCriteria('')).toEqual(['length', 'lower', 'upper', 'digit', 'symbol']);
    expect(unmetPasswordCriteria('abc')).toEqual(['length', 'upper', 'digit', 'symbol']);
    expect(unmetPasswordCriteria('Abcdefg1')).toEqual(['symbol']);
    expect(unmetPasswordCriteria('Abcdef1!')).toEqual([]);
  });

  it('counts characters, not UTF-16 units, and only the eight symbols', () => {
    // Seven characters, one of them an emoji of two UTF-16 units: still too short.
    expect(unmetPasswordCriteria('Ab1!xy😀')).toEqual(['length']);
    expect(unmetPasswordCriteria('Abcdefg1?')).toEqual(['symbol']);
    expect(passwordCriteria('a').find(({ criterion }) => criterion === 'lower')?.met).toBe(true);
  });

  it('refuses more than bcrypt reads: 72 bytes', () => {
    expect(isPasswordTooLong('a'.repeat(72))).toBe(false);
    expect(isPasswordTooLong('a'.repeat(73))).toBe(true);
    expect(isPasswordTooLong('é'.repeat(37))).toBe(true);
  });
});

describe('the account email rule', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['ada', 'invalid'],
    ['ada@', 'invalid'],
    [`${'a'.repeat(250)}@example.org`, 'invalid'],
    ['ada@example.org', null],
    ['  ada@example.org ', null],
  ])('%j → %s', (email, problem) => {
    expect(accountEmailProblem(email)).toBe(problem);
  });
});

describe('where signing in returns to', () => {
  it.each([
    [null, '/'],
    ['/favorites', '/favorites'],
    ['/tools?calc=dca&amount=10', '/tools?calc=dca&amount=10'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/auth?next=/x', '/'],
    ['/reset-password', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
  ])('%j → %s', (next, path) => {
    expect(returnPath(next)).toBe(path);
  });

  it('builds the /auth address that comes back', () => {
    expect(authPathFrom('/favorites')).toBe('/auth?next=%2Ffavorites');
    expect(authPathFrom('/')).toBe('/auth');
    expect(authPathFrom('/auth')).toBe('/auth');
    expect(authPathFrom('/learning', 'signUp')).toBe('/auth?mode=signUp&next=%2Flearning');
  });
});

describe('what an account request error means to the form', () => {
  it.each([
    [{ code: 'invalid_credentials', status: 400 }, { kind: 'invalidCredentials' }],
    [{ code: 'email_not_confirmed', status: 400 }, { kind: 'emailNotConfirmed' }],
    [
      { code: 'over_request_rate_limit', status: 429 },
      { kind: 'rateLimited', seconds: null },
    ],
    [
      {
        code: 'over_email_send_rate_limit',
        status: 429,
        message: 'For security purposes, you can only request this after 42 seconds.',
      },
      { kind: 'rateLimited', seconds: 42 },
    ],
    [{ code: 'weak_password', status: 422 }, { kind: 'weakPassword' }],
    [{ code: 'otp_expired', status: 403 }, { kind: 'codeInvalid' }],
    [{ code: 'same_password', status: 422 }, { kind: 'samePassword' }],
    [{ status: 0, message: 'Failed to fetch' }, { kind: 'unavailable' }],
    [{ code: 'unexpected_failure', status: 500 }, { kind: 'unavailable' }],
    [{ code: 'something_new', status: 400 }, { kind: 'unknown' }],
  ])('%j', (error, problem) => {
    expect(classifyAuthError(error)).toEqual(problem);
  });

  it('keeps its own failures and a missing backend apart', () => {
    expect(classifyAuthError(new AuthFailure({ kind: 'codeInvalid' }))).toEqual({
      kind: 'codeInvalid',
    });
    expect(classifyAuthError(new BackendNotConfiguredError('none'))).toEqual({
      kind: 'unavailable',
    });
    expect(classifyAuthError('nonsense')).toEqual({ kind: 'unknown' });
  });
});

describe('an emailed link that landed without signing in', () => {
  it('tells a refused link from one asked for elsewhere', () => {
    const query = (value: string) => new URLSearchParams(value);
    expect(linkCallbackProblem(query('error=access_denied&error_code=otp_expired'), '')).toBe(
      'expired',
    );
    expect(linkCallbackProblem(query(''), '#error=access_denied&error_code=otp_expired')).toBe(
      'expired',
    );
    expect(linkCallbackProblem(query('code=abc&next=%2F'), '')).toBe('otherBrowser');
    expect(linkCallbackProblem(query('next=%2F'), '')).toBeNull();
  });
});
