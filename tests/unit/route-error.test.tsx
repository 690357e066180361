import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import RouteErrorPage from '../../renderer/pages/RouteErrorPage';
import { startTestI18n } from './testI18n';

function Broken(): never {
  throw new Error('The token list could not be read');
}

describe('route error element', () => {
  beforeAll(async () => {
    await startTestI18n('en');
  });

  it('shows the error title and the message of a page that failed to render', async () => {
    // React reports the caught render error on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('The token list could not be read')).toBeTruthy();
    // The failed page's title would otherwise stay on the tab.
    expect(document.title).toBe('Unexpected Application Error! · Blockademia');
    consoleError.mockRestore();
  });

  it('shows the status of an error response', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            // React Router's loaders signal HTTP failures by throwing a Response.
            // eslint-disable-next-line @typescript-eslint/only-throw-error
            throw new Response('', { status: 503, statusText: 'Service Unavailable' });
          },
          element: <p>never</p>,
          HydrateFallback: () => null,
          errorElement: <RouteErrorPage />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('503 Service Unavailable')).toBeTruthy();
  });
});
