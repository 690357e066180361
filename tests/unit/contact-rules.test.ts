import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  CONTACT_SUBJECTS,
  ContactSchema,
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  checkContactMessage,
  codePointLength,
  contactErrors,
  trimSpaces,
  type ContactInput,
} from '../../shared/contact';

// The contact form's shared rules at their edges. tests/server/contact-and-storage.test.ts
// checks that the database draws the same edges.

const valid: ContactInput = {
  name: 'Ada',
  email: 'ada@example.org',
  subject: 'general',
  message: 'A question about staking.',
};
const errorsWith = (change: Partial<ContactInput>) => contactErrors({ ...valid, ...change });
/** An address of exactly `length` characters. */
const emailOf = (length: number) => `${'e'.repeat(length - '@example.org'.length)}@example.org`;

describe('the contact rules', () => {
  it('match the limits of the database', () => {
    expect([NAME_MIN_LENGTH, NAME_MAX_LENGTH, EMAIL_MAX_LENGTH]).toEqual([2, 100, 255]);
    expect([MESSAGE_MIN_LENGTH, MESSAGE_MAX_LENGTH]).toEqual([10, 2000]);
    expect(CONTACT_SUBJECTS).toEqual(['general', 'bug', 'feature', 'account', 'data', 'other']);
  });

  it('accept a complete message and hand it back unchanged', () => {
    expect(checkContactMessage(valid)).toEqual({ ok: true, message: valid });
    expect(contactErrors(valid)).toEqual({});
    for (const subject of CONTACT_SUBJECTS) expect(errorsWith({ subject })).toEqual({});
  });

  it('report the first problem of every invalid field at once', () => {
    expect(contactErrors({ name: '', email: '', subject: '', message: '' })).toEqual({
      name: 'required',
      email: 'required',
      subject: 'required',
      message: 'required',
    });
  });

  describe('name', () => {
    it.each([
      ['1 character', 'A', 'tooShort'],
      ['2 characters', 'Al', undefined],
      ['100 characters', 'n'.repeat(100), undefined],
      ['101 characters', 'n'.repeat(101), 'tooLong'],
      ['spaces only', '     ', 'required'],
      ['1 character between spaces', '  A  ', 'tooShort'],
      ['2 characters between spaces', ' Al ', undefined],
      // Counted as the database counts: spaces around a 99-character name still make 101.
      ['99 characters and 2 spaces', ` ${'n'.repeat(99)} `, 'tooLong'],
      ['2 emoji (4 UTF-16 units)', '🙂🙂', undefined],
      ['100 emoji (200 UTF-16 units)', '🙂'.repeat(100), undefined],
      ['a NUL character', 'Al\u0000', 'invalid'],
    ])('%s', (_case, name, code) => {
      expect(errorsWith({ name }).name).toBe(code);
    });

    it('trims spaces only, as btrim() does: two tabs are two characters', () => {
      expect(errorsWith({ name: '\t\t' }).name).toBeUndefined();
      expect(errorsWith({ name: ' \t ' }).name).toBe('tooShort');
    });
  });

  describe('email', () => {
    it.each([
      ['255 characters', emailOf(255), undefined],
      ['256 characters', emailOf(256), 'tooLong'],
      ['empty', '', 'required'],
      ['white space only', ' \t ', 'required'],
      ['no @', 'ada.example.org', 'invalid'],
      ['no dot after the @', 'ada@example', 'invalid'],
      ['nothing before the @', '@example.org', 'invalid'],
      ['nothing after the last dot', 'ada@example.', 'invalid'],
      ['two @', 'ada@home@example.org', 'invalid'],
      ['a space inside', 'ada lovelace@example.org', 'invalid'],
      ['a space around', ' ada@example.org', 'invalid'],
      ['a line break at the end', 'ada@example.org\n', 'invalid'],
      ['an ideographic space', 'ada\u3000x@example.org', 'invalid'],
      ['a NUL character', 'ada\u0000@example.org', 'invalid'],
      ['the shortest shape', 'a@b.c', undefined],
      ['a dotted domain', 'ada.lovelace@mail.example.co.uk', undefined],
      ['a plus tag', 'ada+contact@example.org', undefined],
      ['accented letters', 'adélaïde@exemple.fr', undefined],
      // The database's shape, not RFC 5322: a no-break space is not in [:space:].
      ['a no-break space', 'ada\u00a0x@example.org', undefined],
    ])('%s', (_case, email, code) => {
      expect(errorsWith({ email }).email).toBe(code);
    });
  });

  describe('subject', () => {
    it.each([
      ['missing', ''],
      ['unknown', 'spam'],
      ['in capitals', 'BUG'],
    ])('%s: please select a subject', (_case, subject) => {
      expect(errorsWith({ subject }).subject).toBe('required');
    });
  });

  describe('message', () => {
    it.each([
      ['9 characters', 'm'.repeat(9), 'tooShort'],
      ['10 characters', 'm'.repeat(10), undefined],
      ['2000 characters', 'm'.repeat(2000), undefined],
      ['2001 characters', 'm'.repeat(2001), 'tooLong'],
      ['spaces only', ' '.repeat(50), 'required'],
      ['9 characters between spaces', `   ${'m'.repeat(9)}   `, 'tooShort'],
      ['2000 emoji (4000 UTF-16 units)', '🙂'.repeat(2000), undefined],
      ['2001 emoji', '🙂'.repeat(2001), 'tooLong'],
      ['a NUL character', `${'m'.repeat(10)}\u0000`, 'invalid'],
    ])('%s', (_case, message, code) => {
      expect(errorsWith({ message }).message).toBe(code);
    });

    it('counts line breaks as characters, as btrim() does', () => {
      expect(errorsWith({ message: '\n'.repeat(10) }).message).toBeUndefined();
    });
  });

  it('leave out fields the table has no column for (the honeypot)', () => {
    const parsed = v.parse(ContactSchema, { ...valid, website: 'http://spam.example' });
    expect(parsed).toEqual(valid);
  });

  it('count and trim like char_length() and btrim()', () => {
    expect(codePointLength('é🙂a')).toBe(3);
    expect(trimSpaces('  a b \t ')).toBe('a b \t');
    // Linear time on a long run of spaces.
    expect(trimSpaces(`${' '.repeat(200_000)}x${' '.repeat(200_000)}`)).toBe('x');
  });
});
