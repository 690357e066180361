import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../renderer/toasts/Toaster';
import { showToastAtom, TOAST_DURATION_MS } from '../../renderer/toasts/toastAtoms';
import { startTestI18n } from './testI18n';

describe('toasts', () => {
  beforeAll(async () => {
    await startTestI18n('en');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderToaster() {
    const store = createStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    return store;
  }

  it('shows at most three, in a region labelled Notifications', () => {
    vi.useFakeTimers();
    const store = renderToaster();
    act(() => {
      for (const message of ['one', 'two', 'three', 'four']) {
        store.set(showToastAtom, { kind: 'info', message });
      }
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.textContent).not.toContain('one');
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      'two',
      'three',
      'four',
    ]);
  });

  it('disappears after about four seconds', () => {
    vi.useFakeTimers();
    const store = renderToaster();
    act(() => {
      store.set(showToastAtom, { kind: 'success', message: 'Logout successful' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByRole('status').textContent).toBe('Logout successful');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(TOAST_DURATION_MS).toBeGreaterThanOrEqual(3500);
    expect(TOAST_DURATION_MS).toBeLessThanOrEqual(4500);
  });

  it('announces errors as alerts and can be dismissed', () => {
    const store = renderToaster();
    act(() => {
      store.set(showToastAtom, { kind: 'error', message: 'Logging out failed.' });
    });
    const alert = screen.getByRole('alert');
    act(() => {
      screen.getByRole('button', { name: 'Dismiss the notification' }).click();
    });
    expect(alert.isConnected).toBe(false);
  });
});
