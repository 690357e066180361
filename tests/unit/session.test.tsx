import { act, render, screen } from '@testing-library/react';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../renderer/session/sessionAtoms';
import { useLogout } from '../../renderer/session/useLogout';
import { useSessionSync } from '../../renderer/session/useSessionSync';
import { Toaster } from '../../renderer/toasts/Toaster';
import { startTestI18n } from './testI18n';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const backend = vi.hoisted((): { client: unknown; failure: Error | null } => ({
  client: null,
  failure: null,
}));

vi.mock('../../renderer/session/supabaseClient', () => ({
  getSupabase: () =>
    backend.failure ? Promise.reject(backend.failure) : Promise.resolve(backend.client),
}));

function fakeClient(initial: Session | null) {
  const listeners: Listener[] = [];
  const signOut = vi.fn(() => Promise.resolve({ error: null }));
  return {
    listeners,
    signOut,
    client: {
      auth: {
        onAuthStateChange: (listener: Listener) => {
          listeners.push(listener);
          return { data: { subscription: { unsubscribe: vi.fn() } } };
        },
        getSession: () => Promise.resolve({ data: { session: initial } }),
        signOut,
      },
    },
  };
}

const session = { user: { id: 'u1', email: 'ada@example.org' } } as unknown as Session;

function SessionProbe() {
  useSessionSync();
  return null;
}

function mount() {
  const store = createStore();
  render(
    <Provider store={store}>
      <SessionProbe />
    </Provider>,
  );
  return store;
}

describe('session plumbing', () => {
  beforeAll(async () => {
    await startTestI18n('en');
  });
  beforeEach(() => {
    backend.client = null;
    backend.failure = null;
  });

  it('starts loading and is ready, signed out, when no backend is configured', async () => {
    const store = mount();
    expect(store.get(sessionAtom)).toEqual({ status: 'loading' });
    await act(() => Promise.resolve());
    expect(store.get(sessionAtom)).toEqual({ status: 'ready', session: null });
  });

  it('is ready, signed out, when the backend cannot be reached', async () => {
    backend.failure = new TypeError('Failed to fetch');
    const store = mount();
    await act(() => Promise.resolve());
    expect(store.get(sessionAtom)).toEqual({ status: 'ready', session: null });
  });

  it('follows the auth events', async () => {
    const fake = fakeClient(null);
    backend.client = fake.client;
    const store = mount();
    await act(() => Promise.resolve());
    expect(store.get(sessionAtom)).toEqual({ status: 'ready', session: null });
    act(() => {
      for (const listener of fake.listeners) listener('SIGNED_IN', session);
    });
    expect(store.get(sessionAtom)).toEqual({ status: 'ready', session });
    act(() => {
      for (const listener of fake.listeners) listener('SIGNED_OUT', null);
    });
    expect(store.get(sessionAtom)).toEqual({ status: 'ready', session: null });
  });

  it('logout signs out, says so and goes home', async () => {
    const fake = fakeClient(session);
    backend.client = fake.client;
    function LogoutButton() {
      const logout = useLogout();
      return (
        <button type="button" onClick={() => void logout()}>
          out
        </button>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>home page</p> },
        { path: '/profile', element: <LogoutButton /> },
      ],
      { initialEntries: ['/profile'] },
    );
    render(
      <Provider store={createStore()}>
        <RouterProvider router={router} />
        <Toaster />
      </Provider>,
    );
    await act(async () => {
      screen.getByRole('button', { name: 'out' }).click();
      await Promise.resolve();
    });
    expect(fake.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Logout successful');
  });
});
