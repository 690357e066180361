import { act, render, screen, within } from '@testing-library/react';
import type { Session } from '@supabase/supabase-js';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../renderer/layout/Header';
import { invalidateAdminStatus } from '../../renderer/session/adminStatus';
import { sessionAtom } from '../../renderer/session/sessionAtoms';
import { startTestI18n } from './testI18n';

const backend = vi.hoisted((): { isAdmin: boolean; avatarUrl: string | null } => ({
  isAdmin: false,
  avatarUrl: null,
}));

vi.mock('../../renderer/session/supabaseClient', () => ({
  getSupabase: () =>
    Promise.resolve({
      rpc: () => Promise.resolve({ data: backend.isAdmin, error: null }),
      from: () => ({
        select: () => ({
          eq: () => ({
            maybeSingle: () =>
              Promise.resolve({ data: { avatar_url: backend.avatarUrl }, error: null }),
          }),
        }),
      }),
    }),
}));

const session = { user: { id: 'user-1', email: 'ada@example.org' } } as unknown as Session;

async function renderHeader(signedIn: boolean) {
  const store = createStore();
  store.set(sessionAtom, { status: 'ready', session: signedIn ? session : null });
  const router = createMemoryRouter([{ path: '/', element: <Header /> }], {
    initialEntries: ['/'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  // Let the admin and avatar requests settle.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('account corner of the header', () => {
  beforeAll(async () => {
    await startTestI18n('en');
  });
  beforeEach(() => {
    invalidateAdminStatus();
    backend.isAdmin = false;
    backend.avatarUrl = null;
  });

  it('offers Login to a visitor, and no Admin link', async () => {
    await renderHeader(false);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows a member the first letter of their email and their account menu', async () => {
    await renderHeader(true);
    const avatarButton = screen.getByRole('button', { name: 'Account menu' });
    expect(avatarButton.textContent).toBe('A');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    act(() => {
      avatarButton.click();
    });
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('ada@example.org')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Favorites', 'Logout']);
  });

  it('shows an admin the Admin link and the dashboard entry', async () => {
    backend.isAdmin = true;
    await renderHeader(true);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    act(() => {
      screen.getByRole('button', { name: 'Account menu' }).click();
    });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Admin dashboard',
      'Profile',
      'Favorites',
      'Logout',
    ]);
  });

  it('shows the profile picture once it is known', async () => {
    backend.avatarUrl = 'http://127.0.0.1:54321/storage/v1/object/public/avatars/user-1/a.png';
    await renderHeader(true);
    const image = screen.getByRole('button', { name: 'Account menu' }).querySelector('img');
    expect(image?.getAttribute('src')).toBe(backend.avatarUrl);
  });
});
