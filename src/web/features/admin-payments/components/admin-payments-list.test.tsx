import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '#shared/schemas/admin.ts';
import AdminPaymentsList from './admin-payments-list.tsx';

const payment: AdminPayment = {
  id: 7,
  orderId: 42,
  orderNumber: 'CB00000042',
  customer: { name: 'Asha Iyer', email: 'asha@example.in' },
  method: 'upi',
  amount: 150_000,
  refundedAmount: 0,
  status: 'captured',
  reference: 'pay_ABC123',
  details: { vpa: 'asha@okaxis' },
  failureReason: null,
  abandoned: false,
  createdAt: '2025-04-01T10:00:00.000Z',
};

describe('AdminPaymentsList', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends amount filters in paise, shows totals and links each payment', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            items: [payment],
            total: 1,
            page: 1,
            pageSize: 20,
            totals: { count: 1, amount: 150_000, captured: 150_000, refunded: 0 },
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/payments?method=upi&min=1000.5']}>
          <AdminPaymentsList />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(await screen.findByRole('link', { name: /CB00000042/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /CB00000042/ }).getAttribute('href')).toBe('/admin/payments/7');
    expect(screen.getAllByText('asha@okaxis').length).toBeGreaterThan(0);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/admin/payments?method=upi&minAmount=100050&page=1&pageSize=20');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/payments.csv?method=upi&minAmount=100050',
    );

    fireEvent.change(screen.getByLabelText('Highest amount (₹)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The lowest amount must not be more than the highest.');
  });
});
