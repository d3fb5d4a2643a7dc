import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProposal } from '#shared/schemas/admin.ts';
import ProductProposals from './product-proposals.tsx';

const content = {
  name: 'Dell Inspiron 15 3530',
  brand: 'Dell',
  category: 'Laptop' as const,
  description: 'A laptop.',
  images: ['/a.webp'],
  specs: { ramGb: 8 },
};
const proposal = (id: number, vendor: string, changes: Partial<typeof content>): AdminProposal => ({
  id,
  product: { id: 10 + id, name: content.name },
  vendor: { id, name: vendor },
  changes: { ...content, ...changes },
  current: content,
  status: 'pending',
  reason: null,
  createdAt: '2026-11-25T06:30:00.000Z',
  decidedAt: null,
});

const listing = (id: number, name: string) => ({
  id,
  name,
  brand: 'Meena',
  category: 'Laptop',
  price: 55_000_00,
  stock: 4,
  status: 'active' as const,
  hiddenReason: null,
  review: 'pending' as const,
  image: null,
  vendor: { id: 9, name: 'Meena Machines', slug: 'meena-machines' },
  updatedAt: '2026-11-25T04:00:00.000Z',
});

function renderQueue(items: AdminProposal[], newListings: Array<ReturnType<typeof listing>> = []) {
  let left = items;
  let listings = newListings;
  const answer = (body: unknown, status = 200) =>
    new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/admin/proposals?status=pending') return answer({ items: left });
    if (url === '/api/admin/products?status=review&pageSize=50')
      return answer({ items: listings, total: listings.length, page: 1, pageSize: 50 });
    const reviewed = Number(/products\/(\d+)\/review/.exec(url)?.[1]);
    if (reviewed) {
      listings = listings.filter((item) => item.id !== reviewed);
      return answer({});
    }
    const id = Number(/proposals\/(\d+)\/decision/.exec(url)?.[1]);
    left = left.filter((item) => item.id !== id);
    return answer(null, 204);
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductProposals />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('ProductProposals', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each proposal's changed fields, now and proposed, approves one and asks why before rejecting another", async () => {
    const fetch = renderQueue([
      proposal(1, 'Sita Electronics', { name: 'Dell Inspiron 15 (2024)', specs: { ramGb: 16 } }),
      proposal(2, 'Ravi Computers', { brand: 'DELL' }),
    ]);
    const [sita] = await screen.findAllByRole('region', { name: 'Changes to Dell Inspiron 15 3530' });
    expect(screen.getByText('Proposed by Sita Electronics on 25 Nov 2026, 12:00 pm')).toBeTruthy();
    const rows = within(sita!)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Name', 'Dell Inspiron 15 3530', 'Dell Inspiron 15 (2024)'],
      ['Specifications', '{"ramGb":8}', '{"ramGb":16}'],
    ]);

    const cards = within(screen.getByRole('region', { name: 'Changes to shared products' })).getAllByRole('listitem');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Reject' }));
    expect(await within(cards[1]!).findByText('Please say why: the seller sees it')).toBeTruthy();
    expect(document.activeElement).toBe(within(cards[1]!).getByLabelText(/Reason to reject/));

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe("Approved: Dell Inspiron 15 3530 now shows Sita Electronics's change."),
    );
    const decisions = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(decisions).toEqual([['/api/admin/proposals/1/decision', { decision: 'approve' }]]);
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Changes to shared products' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Product changes' }));
  });

  it("approves a seller's new listing from the same page", async () => {
    const fetch = renderQueue([], [listing(21, 'Meena Workstation 14')]);
    const listings = await screen.findByRole('region', { name: 'New listings' });
    expect(await within(listings).findByText(/Laptop · ₹55,000 · listed by Meena Machines/)).toBeTruthy();
    expect(screen.getByText('No change waits for a decision.')).toBeTruthy();
    fireEvent.click(within(listings).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Approved: Meena Workstation 14 is in the store.'));
    const posted = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(posted).toEqual([['/api/admin/products/21/review', { decision: 'approve' }]]);
    expect(await screen.findByText('No new listing waits for approval.')).toBeTruthy();
  });
});
