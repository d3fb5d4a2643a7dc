import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProposal } from '#shared/schemas/admin.ts';
import ProductProposals from './product-proposals.tsx';

const content = { name: 'Dell Inspiron 15 3530', brand: 'Dell', category: 'Laptop' as const, description: 'A laptop.', images: ['/a.webp'], specs: { ramGb: 8 } };
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

function renderQueue(items: AdminProposal[]) {
  let left = items;
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/admin/proposals?status=pending') return new Response(JSON.stringify({ items: left }), { status: 200, headers: { 'content-type': 'application/json' } });
    const id = Number(/proposals\/(\d+)\/decision/.exec(url)?.[1]);
    left = left.filter((item) => item.id !== id);
    return new Response(null, { status: 204 });
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

  it('shows each proposal\'s changed fields, now and proposed, approves one and asks why before rejecting another', async () => {
    const fetch = renderQueue([proposal(1, 'Sita Electronics', { name: 'Dell Inspiron 15 (2024)', specs: { ramGb: 16 } }), proposal(2, 'Ravi Computers', { brand: 'DELL' })]);
    const [sita] = await screen.findAllByRole('region', { name: 'Changes to Dell Inspiron 15 3530' });
    expect(screen.getByText('Proposed by Sita Electronics on 25 Nov 2026, 12:00 pm')).toBeTruthy();
    const rows = within(sita!).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Name', 'Dell Inspiron 15 3530', 'Dell Inspiron 15 (2024)'],
      ['Specifications', '{"ramGb":8}', '{"ramGb":16}'],
    ]);

    const cards = screen.getAllByRole('listitem');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Reject' }));
    expect(await within(cards[1]!).findByText('Please say why: the seller sees it')).toBeTruthy();
    expect(document.activeElement).toBe(within(cards[1]!).getByLabelText(/Reason to reject/));

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe("Approved: Dell Inspiron 15 3530 now shows Sita Electronics's change."));
    const decisions = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(decisions).toEqual([['/api/admin/proposals/1/decision', { decision: 'approve' }]]);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Product changes' }));
  });
});
