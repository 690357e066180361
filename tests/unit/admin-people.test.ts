import { describe, expect, it } from 'vitest';
import { BackendError } from '../../renderer/app/backendError';
import {
  readMessageListState,
  writeMessageListState,
} from '../../renderer/features/adminMessages/messageListState';
import { replyHref } from '../../renderer/features/adminMessages/replyHref';
import { retryUnlessRefused } from '../../renderer/features/admin/retryUnlessRefused';
import { roleErrorKey } from '../../renderer/features/adminUsers/roleErrorKey';
import {
  readUsersListState,
  writeUsersListState,
} from '../../renderer/features/adminUsers/usersListState';

// The pure parts of the admin's users and messages pages: their URL state, the reply link and
// the role change's errors.

const params = (query: string) => new URLSearchParams(query);
const id = '0b5e2a44-7a1c-4f7e-9a55-2f6d7c1e3b90';

describe('users list URL state', () => {
  it('reads the search and a page number, and ignores anything else', () => {
    expect(readUsersListState(params('q=alice&page=3'))).toEqual({ query: 'alice', page: 3 });
    for (const page of ['0', '-1', '2.5', 'x', '', '1e3', '99999999']) {
      expect(readUsersListState(params(`page=${page}`)).page, page).toBe(1);
    }
    expect(readUsersListState(params(`q=${'a'.repeat(300)}`)).query).toHaveLength(255);
  });

  it('writes only what differs from the plain list', () => {
    expect(writeUsersListState({ query: '', page: 1 }).toString()).toBe('');
    expect(writeUsersListState({ query: 'a b&c', page: 2 }).toString()).toBe('q=a+b%26c&page=2');
  });
});

describe('messages list URL state', () => {
  it('reads the subject, state, page and open message, and ignores unknown values', () => {
    expect(
      readMessageListState(params(`subject=bug&state=handled&page=2&message=${id.toUpperCase()}`)),
    ).toEqual({ subject: 'bug', state: 'handled', page: 2, message: id });
    expect(readMessageListState(params('subject=spam&state=answered&message=not-an-id'))).toEqual({
      subject: null,
      state: null,
      page: 1,
      message: null,
    });
  });

  it('round-trips through the URL', () => {
    const state = { subject: 'data', state: 'new', page: 4, message: id } as const;
    expect(readMessageListState(writeMessageListState(state))).toEqual(state);
    expect(
      writeMessageListState({ subject: null, state: null, page: 1, message: null }).toString(),
    ).toBe('');
  });
});

describe('replyHref', () => {
  it('fills in the address and the subject, encoded', () => {
    expect(replyHref('alice@example.org', 'Re: Report a bug')).toBe(
      'mailto:alice@example.org?subject=Re%3A%20Report%20a%20bug',
    );
    expect(replyHref('zoé@exemple.fr', 'Re\u202f: Mes données')).toBe(
      'mailto:zo%C3%A9@exemple.fr?subject=Re%E2%80%AF%3A%20Mes%20donn%C3%A9es',
    );
  });

  it('lets no character of the address add a header or a recipient', () => {
    const href = replyHref('a?cc=x&bcc=y,z%20#@evil.test', 'Re: Other');
    expect(href).toBe('mailto:a%3Fcc%3Dx%26bcc%3Dy%2Cz%2520%23@evil.test?subject=Re%3A%20Other');
    const url = new URL(href);
    expect([...url.searchParams.keys()]).toEqual(['subject']);
    expect(decodeURIComponent(url.pathname)).toBe('a?cc=x&bcc=y,z%20#@evil.test');
  });
});

describe('roleErrorKey', () => {
  it('names the self-demotion refusal, and leaves the rest to the shared admin errors', () => {
    expect(roleErrorKey(new BackendError('no', 'P0001'))).toBe(
      'adminPeople:users.errors.selfDemotion',
    );
    expect(roleErrorKey(new BackendError('no', '42501'))).toBe('admin:errors.forbidden');
    expect(roleErrorKey(new BackendError('no', 'PT404'))).toBe('admin:errors.notFound');
    expect(roleErrorKey(new BackendError('no', 'P0002'))).toBe('admin:errors.notFound');
    expect(roleErrorKey(new TypeError('Failed to fetch'))).toBe('admin:errors.network');
  });
});

describe('retryUnlessRefused', () => {
  it('tries a failed read three more times, and a refused one never again', () => {
    const network = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((failures) => retryUnlessRefused(failures, network))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retryUnlessRefused(0, new BackendError('busy', '57014'))).toBe(true);
    expect(retryUnlessRefused(0, new BackendError('no', '42501'))).toBe(false);
  });
});
