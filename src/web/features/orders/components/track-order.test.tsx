import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedOrder, TrackedReturn } from '#shared/schemas/guest-checkout.ts';
import { TrackOrder } from './track-order.tsx';

const delivered: TrackedOrder = {
  number: 'CB00000077',
  status: 'confirmed',
  displayStatus: 'Delivered',
  orderDate: '2026-11-20T05:30:00.000Z',
  cancelledAt: null,
  total: 1_249_900,
  items: [
    {
      id: 91,
      name: 'Deccan 24 Monitor',
      image: null,
      quantity: 2,
      lineTotal: 2_499_800,
      discount: 0,
      vendor: { id: 4, name: 'Deccan Displays' },
      returnableQuantity: 2,
      returnBy: '2026-12-02T10:00:00.000Z',
      replacementFor: null,
    },
  ],
  fulfilments: [
    {
      id: 5,
      vendor: { id: 4, name: 'Deccan Displays' },
      status: 'delivered',
      packedAt: '2026-11-21T05:30:00.000Z',
      shippedAt: '2026-11-21T08:30:00.000Z',
      deliveredAt: '2026-11-22T10:00:00.000Z',
      carrier: 'Delhivery',
      trackingNumber: 'DLV1',
    },
  ],
  deliverTo: { city: 'Pune', state: 'Maharashtra', pincode: '411004' },
  guestOrder: true,
  paidInCash: false,
  paidOffer: null,
  returns: [],
};

const requested: TrackedReturn = {
  id: 7,
  orderItemId: 91,
  product: { id: 1, name: 'Deccan 24 Monitor', image: null },
  vendor: { id: 4, name: 'Deccan Displays' },
  quantity: 1,
  reason: 'defective',
  details: 'Flickers after ten minutes',
  resolution: 'replacement',
  status: 'requested',
  amount: 1_249_900,
  photoCount: 0,
  pickup: null,
  rejectionReason: null,
  restocked: null,
  payoutTo: null,
  replacement: null,
  // 4:45 pm in India
  requestedAt: '2026-11-23T11:15:00.000Z',
  approvedAt: null,
  rejectedAt: null,
  cancelledAt: null,
  pickedUpAt: null,
  receivedAt: null,
  refundedAt: null,
  replacementShippedAt: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderTrack() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TrackOrder initialNumber="CB00000077" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function track(email: string) {
  fireEvent.change(screen.getByLabelText('E-mail used for the order'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Track order' }));
  await screen.findByRole('heading', { name: 'Order CB00000077' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TrackOrder', () => {
  it('lets a guest return a delivered line with the number and e-mail that found the order, then shows the return and moves the focus to it', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/track') return json(200, delivered);
      if (url === '/api/track/returns')
        return json(201, { ...delivered, items: [{ ...delivered.items[0]!, returnableQuantity: 1 }], returns: [requested] });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetch);
    renderTrack();
    await track('Kavya@Example.in');

    fireEvent.click(screen.getByRole('button', { name: /^Return or replace\s*Deccan 24 Monitor$/ }));
    const form = screen.getByRole('form', { name: 'Return Deccan 24 Monitor' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('How many')));
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'defective' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'A replacement' }));
    fireEvent.change(within(form).getByLabelText(/What is wrong/), { target: { value: 'Flickers after ten minutes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request return' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Return requested for 1 × Deccan 24 Monitor'));
    const post = fetch.mock.calls.find(([url]) => url === '/api/track/returns');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      number: 'CB00000077',
      email: 'kavya@example.in',
      return: {
        orderItemId: 91,
        quantity: 1,
        reason: 'defective',
        details: 'Flickers after ten minutes',
        resolution: 'replacement',
        photoIds: [],
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    const returns = screen.getByRole('region', { name: 'Returns' });
    await waitFor(() => expect(document.activeElement).toBe(within(returns).getByRole('heading', { name: 'Returns' })));
    expect(within(returns).getByText('A replacement')).toBeTruthy();
    // In India time.
    expect(within(returns).getByRole('list', { name: 'Progress of the return of Deccan 24 Monitor' }).textContent).toContain(
      '23 Nov 2026, 4:45 pm',
    );
    expect(within(returns).getByRole('button', { name: 'Cancel return' })).toBeTruthy();
  });

  it('shows a member’s returns but sends them to sign in to return an item', async () => {
    const member: TrackedOrder = {
      ...delivered,
      guestOrder: false,
      returns: [
        { ...requested, status: 'rejected', rejectedAt: '2026-11-24T06:00:00.000Z', rejectionReason: 'The seal on the box was broken' },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, member)),
    );
    renderTrack();
    await track('member@example.in');

    expect(screen.queryByRole('button', { name: /Return or replace/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toMatch(/^\/login/);
    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(within(returns).getByText('The seal on the box was broken')).toBeTruthy();
    expect(within(returns).queryByRole('button', { name: 'Cancel return' })).toBeNull();
  });
});
