import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError, consoleErrors } from '#shared/testing/console-guard.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthProvider } from './auth-provider.tsx';

const priya = {
  uid: 'u1',
  email: 'priya@example.in',
  name: 'Priya Sharma',
  role: 'customer' as const,
  emailVerified: true,
  addresses: [],
  vendor: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function respond(status: number, body: unknown) {
  return Promise.resolve(
    new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="who">{auth.user ? `${auth.user.name} (${auth.user.role})` : 'signed out'}</p>
      <button
        type="button"
        onClick={() => void auth.signIn({ email: 'priya@example.in', password: 'secret-pass', portal: 'store' }).catch(() => {})}
      >
        sign in
      </button>
      <button type="button" onClick={() => void auth.signOut()}>
        sign out
      </button>
    </div>
  );
}

function renderWithClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe('AuthProvider', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows "Loading authentication..." until the session is known, then the user', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithClient(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('Loading authentication...')).toBeTruthy();
    expect(screen.queryByTestId('who')).toBeNull();
    await act(async () => answer(await respond(200, { user: priya })));
    expect((await screen.findByTestId('who')).textContent).toBe('Priya Sharma (customer)');
  });

  it('is signed out when there is no session, signs in and out', async () => {
    fetchMock.mockReturnValueOnce(respond(200, { user: null }));
    renderWithClient(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect((await screen.findByTestId('who')).textContent).toBe('signed out');

    fetchMock.mockReturnValueOnce(respond(200, { user: priya }));
    await act(async () => screen.getByText('sign in').click());
    expect((await screen.findByText('Priya Sharma (customer)')).textContent).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));

    fetchMock.mockReturnValueOnce(respond(204, null));
    await act(async () => screen.getByText('sign out').click());
    expect((await screen.findByText('signed out')).textContent).toBe('signed out');
  });

  it('logs and rethrows a failed sign-in, staying signed out', async () => {
    allowConsoleError();
    fetchMock.mockReturnValueOnce(respond(200, { user: null }));
    renderWithClient(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('signed out');
    fetchMock.mockReturnValueOnce(
      respond(401, { error: { code: 'INVALID_CREDENTIALS', message: 'The e-mail address or password is incorrect.' } }),
    );
    await act(async () => screen.getByText('sign in').click());
    expect(screen.getByTestId('who').textContent).toBe('signed out');
    expect(consoleErrors().some((args) => String(args[0]).includes('Sign in failed'))).toBe(true);
  });

  it('treats an unreadable session as signed out', async () => {
    fetchMock.mockReturnValueOnce(respond(500, { error: { code: 'INTERNAL', message: 'down' } }));
    renderWithClient(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect((await screen.findByTestId('who')).textContent).toBe('signed out');
  });

  it('useAuth outside the provider throws the specified message', () => {
    allowConsoleError();
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
