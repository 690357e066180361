import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_STATUS_TTL_MS,
  fetchIsAdmin,
  invalidateAdminStatus,
} from '../../renderer/session/adminStatus';

function clientAnswering(answer: () => Promise<{ data: unknown; error: unknown }>) {
  const rpc = vi.fn(answer);
  return { client: { rpc } as unknown as SupabaseClient, rpc };
}

describe('admin status', () => {
  beforeEach(() => {
    invalidateAdminStatus();
  });

  it("asks has_role with the user's id and the admin role", async () => {
    const { client, rpc } = clientAnswering(() => Promise.resolve({ data: true, error: null }));
    expect(await fetchIsAdmin(client, 'user-a')).toBe(true);
    expect(rpc).toHaveBeenCalledWith('has_role', { _user_id: 'user-a', _role: 'admin' });
  });

  it('keeps the answer for five minutes, then asks again', async () => {
    let now = 1_000_000;
    const { client, rpc } = clientAnswering(() => Promise.resolve({ data: true, error: null }));
    await fetchIsAdmin(client, 'user-a', () => now);
    now += ADMIN_STATUS_TTL_MS - 1;
    await fetchIsAdmin(client, 'user-a', () => now);
    expect(rpc).toHaveBeenCalledTimes(1);
    now += 2;
    await fetchIsAdmin(client, 'user-a', () => now);
    expect(rpc).toHaveBeenCalledTimes(2);
    expect(ADMIN_STATUS_TTL_MS).toBe(300_000);
  });

  it('asks again once invalidated', async () => {
    const { client, rpc } = clientAnswering(() => Promise.resolve({ data: false, error: null }));
    await fetchIsAdmin(client, 'user-a');
    invalidateAdminStatus('user-a');
    await fetchIsAdmin(client, 'user-a');
    expect(rpc).toHaveBeenCalledTimes(2);
  });

  it('says false on an error answer, a thrown error or a non-boolean', async () => {
    const answers = [
      () => Promise.resolve({ data: null, error: { message: 'permission denied' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve({ data: 'true', error: null }),
    ];
    for (const answer of answers) {
      invalidateAdminStatus();
      const { client } = clientAnswering(answer);
      expect(await fetchIsAdmin(client, 'user-b')).toBe(false);
    }
  });
});
