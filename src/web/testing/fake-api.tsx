import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const notFound = () => json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });

type Route = (url: string, init: RequestInit | undefined) => Response | undefined;

/** A fetch stub answering from `route`; anything it does not answer (the store info, say) is a 404. */
export function fakeFetch(route: Route) {
  return vi.fn(async (url: string, init?: RequestInit) => route(url, init) ?? notFound());
}

export function renderWithProviders(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
