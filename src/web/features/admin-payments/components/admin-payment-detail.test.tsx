import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '#shared/schemas/admin.ts';
import AdminPaymentDetail from './admin-payment-detail.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const captured: AdminPayment = {
  id: 7,
  orderId: 42,
  orderNumber: 'CB00000042',
  customer: { name: 'Asha Iyer', email: 'asha@example.in' },
  method: 'card',
  amount: 150_000,
  refundedAmount: 50_000,
  status: 'partially_refunded',
  reference: 'pay_ABC123',
  details: { network: 'Visa', last4: '1111' },
  failureReason: null,
  createdAt: '2025-04-01T10:00:00.000Z',
};

function fakeApi() {
  let payment = captured;
  let refunds = [{ amount: 50_000, reason: 'Damaged box', reference: 'rfnd_1', createdAt: '2025-04-02T10:00:00.000Z' }];
  const detail = () => ({
    payment,
    order: { id: 42, number: 'CB00000042', status: 'delivered', displayStatus: 'Delivered', total: 150_000, items: [{ name: 'ThinkPad E14', quantity: 1, lineTotal: 150_000 }] },
    refunds,
    audit: [],
  });
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/payments/7' && method === 'GET') return json(200, detail());
    if (url === '/api/admin/payments/7/refund' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { amount: number; reason: string };
      payment = { ...payment, refundedAmount: payment.refundedAmount + body.amount };
      refunds = [...refunds, { amount: body.amount, reason: body.reason, reference: 'rfnd_2', createdAt: '2025-04-03T10:00:00.000Z' }];
      return json(200, detail());
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Payment not found' } });
  });
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (fetch: ReturnType<typeof fakeApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AdminPaymentDetail', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the payment with masked card details and what is left to refund', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWith(<AdminPaymentDetail id={7} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment 7' })).toBeTruthy();
    expect(screen.getByText('Visa •••• 1111')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All payments' }).getAttribute('href')).toBe('/admin/payments');
    expect((screen.getByLabelText('Amount to refund (₹)') as HTMLInputElement).value).toBe('1000');
    expect(screen.getByRole('button', { name: 'Refund ₹1,000' })).toBeTruthy();
  });

  it('refuses an amount above what is left and sends nothing', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.change(await screen.findByLabelText('Amount to refund (₹)'), { target: { value: '1000.01' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Customer returned it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund ₹1,000.01' }));

    expect(await screen.findByText('You can refund at most ₹1,000.')).toBeTruthy();
    expect(screen.getByLabelText('Amount to refund (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetch)).toHaveLength(0);
  });

  it('POSTs a valid partial refund in paise and announces it', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.change(await screen.findByLabelText('Amount to refund (₹)'), { target: { value: '250.50' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: '  Late delivery  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund ₹250.50' }));

    expect(await screen.findByText('Refunded ₹250.50 for order CB00000042. ₹749.50 is left to refund.')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(1);
    expect(posts(fetch)[0]?.[0]).toBe('/api/admin/payments/7/refund');
    expect(JSON.parse(String(posts(fetch)[0]?.[1]?.body))).toEqual({ amount: 25_050, reason: 'Late delivery' });
    const history = screen.getByRole('region', { name: 'Refunds' });
    expect(within(history).getByText('Late delivery')).toBeTruthy();
    expect((screen.getByLabelText('Amount to refund (₹)') as HTMLInputElement).value).toBe('749.50');
  });

  it('shows a 409 from the server in an alert', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(409, { error: { code: 'CONFLICT', message: 'That is more than is left to refund.' } });
      return fakeApi()(url, init);
    });
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.change(await screen.findByLabelText('Reason for the refund'), { target: { value: 'Duplicate charge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund ₹1,000' }));

    expect((await screen.findByRole('alert')).textContent).toBe('That is more than is left to refund.');
  });

  it('says when there is no such payment', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWith(<AdminPaymentDetail id={99} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not found' })).toBeTruthy();
  });
});
