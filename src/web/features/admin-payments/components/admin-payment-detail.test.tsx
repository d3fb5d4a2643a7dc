import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '#shared/schemas/admin.ts';
import { formatDateTime } from '#web/lib/format.ts';
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
  abandoned: false,
  createdAt: '2025-04-01T10:00:00.000Z',
};

interface Queued {
  jobId: number;
  amount: number;
  reason: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

/** A refund of ₹8,999 the gateway has refused twice, claimed on the payment. */
const refused: Queued = {
  jobId: 31,
  amount: 899_900,
  reason: 'Order cancelled by the customer',
  attempts: 2,
  lastError: 'Gateway timed out',
  nextAttemptAt: '2099-01-01T10:00:00.000Z',
  createdAt: '2025-04-02T12:00:00.000Z',
};

/** The API for payment 7; `gatewayRefuses`: refunds (new or retried) stay queued with an error. */
function fakeApi({ queued = [] as Queued[], gatewayRefuses = false, cash = false, offer = false } = {}) {
  const offerDiscount = offer ? 15_000 : 0;
  let payment = {
    ...captured,
    ...(cash ? { method: 'cod' as const, details: {}, reference: 'cod_42_ab12' } : {}),
    ...(offer
      ? {
          details: {
            ...captured.details,
            offer: {
              id: 'sbi-credit-5',
              title: '5% instant discount on SBI Card credit cards, up to ₹1,000 on orders of ₹15,000 or more',
              discount: offerDiscount,
            },
          },
        }
      : {}),
    refundedAmount: captured.refundedAmount + queued.reduce((sum, item) => sum + item.amount, 0),
    amount: 150_000 + queued.reduce((sum, item) => sum + item.amount, 0),
  };
  let refunds = [
    {
      amount: 50_000,
      reason: 'Damaged box',
      reference: 'rfnd_1',
      status: 'processed' as 'pending' | 'processed' | 'failed',
      arn: null as string | null,
      createdAt: '2025-04-02T10:00:00.000Z',
    },
  ];
  let waiting = queued;
  const detail = () => ({
    payment,
    order: {
      id: 42,
      number: 'CB00000042',
      status: 'delivered',
      displayStatus: 'Delivered',
      subtotal: payment.amount + offerDiscount,
      discount: 0,
      couponCode: null,
      shipping: 0,
      total: payment.amount + offerDiscount,
      items: [{ name: 'ThinkPad E14', quantity: 1, lineTotal: payment.amount }],
      invoices: [
        {
          id: 5,
          number: 'INV/26-27/000007',
          seller: 'Nehru Place Computers',
          total: payment.amount,
          creditable: payment.amount - payment.refundedAmount,
          creditNotes: [],
        },
      ],
    },
    refunds,
    queuedRefunds: waiting,
    audit: [],
  });
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/payments/7' && method === 'GET') return json(200, detail());
    if (url === '/api/admin/payments/7/refund' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { amount: number; reason: string };
      payment = { ...payment, refundedAmount: payment.refundedAmount + body.amount };
      if (gatewayRefuses) {
        waiting = [
          ...waiting,
          {
            jobId: 40,
            amount: body.amount,
            reason: body.reason,
            attempts: 1,
            lastError: 'Gateway timed out',
            nextAttemptAt: '2099-01-01T10:00:00.000Z',
            createdAt: '2025-04-03T10:00:00.000Z',
          },
        ];
      } else {
        refunds = [
          ...refunds,
          {
            amount: body.amount,
            reason: body.reason,
            reference: 'rfnd_2',
            status: 'pending' as const,
            arn: null,
            createdAt: '2025-04-03T10:00:00.000Z',
          },
        ];
      }
      return json(200, detail());
    }
    const retry = /^\/api\/admin\/outbox\/(\d+)\/retry$/.exec(url);
    if (retry && method === 'POST') {
      const job = waiting.find((item) => item.jobId === Number(retry[1]));
      if (!job) return json(409, { error: { code: 'CONFLICT', message: 'This job is already done' } });
      const summary = `Refund of ₹${(job.amount / 100).toLocaleString('en-IN')} on payment 7`;
      const base = { id: job.jobId, kind: 'refund', summary, paymentId: 7, createdAt: job.createdAt };
      if (gatewayRefuses) {
        const again = {
          ...job,
          attempts: job.attempts + 1,
          lastError: 'Gateway refused: insufficient balance',
          nextAttemptAt: '2099-01-02T10:00:00.000Z',
        };
        waiting = waiting.map((item) => (item.jobId === job.jobId ? again : item));
        return json(200, {
          ...base,
          status: 'pending',
          attempts: again.attempts,
          lastError: again.lastError,
          nextAttemptAt: again.nextAttemptAt,
          doneAt: null,
        });
      }
      waiting = waiting.filter((item) => item.jobId !== job.jobId);
      refunds = [
        ...refunds,
        {
          amount: job.amount,
          reason: job.reason,
          reference: 'rfnd_3',
          status: 'pending' as const,
          arn: null,
          createdAt: '2025-04-04T10:00:00.000Z',
        },
      ];
      return json(200, {
        ...base,
        status: 'done',
        attempts: job.attempts + 1,
        lastError: job.lastError,
        nextAttemptAt: job.nextAttemptAt,
        doneAt: '2025-04-04T10:00:00.000Z',
      });
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
    // Nothing is filled in: the amount is typed.
    expect((screen.getByLabelText('Amount to refund (₹)') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Review the refund' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tax invoice INV/26-27/000007 (PDF)' }).getAttribute('href')).toBe('/api/invoices/5/pdf');
  });

  it('shows the order total’s lines and the bank offer, adding up to what the card was charged', async () => {
    vi.stubGlobal('fetch', fakeApi({ offer: true }));
    renderWith(<AdminPaymentDetail id={7} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment 7' })).toBeTruthy();
    const value = (term: string) => screen.getByText(term).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Subtotal')).toBe('₹1,650');
    expect(value('Delivery')).toBe('Free');
    expect(value('Order total')).toBe('₹1,650');
    expect(value('Bank offer')).toBe('−₹150');
    expect(value('Charged to the card')).toBe('₹1,500');
    expect(screen.getByText('Amount').nextElementSibling?.textContent).toBe('₹1,500');
  });

  it('refuses an amount above what is left and sends nothing', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.change(await screen.findByLabelText('Amount to refund (₹)'), { target: { value: '1000.01' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Customer returned it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹1,000.01' }));

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
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹250.50' }));
    // Asked first, with the amount in rupees and where it goes; nothing sent yet.
    const confirm = await screen.findByRole('group', {
      name: /^Refund ₹250.50 \(Two Hundred Fifty Rupees and Fifty Paise Only\) for order CB00000042\?/,
    });
    expect(confirm.textContent).toContain('It goes to the original Card payment.');
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes, refund ₹250.50' })));
    expect(posts(fetch)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Change the refund' }));
    expect(screen.queryByRole('group', { name: /^Refund ₹250.50/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹250.50' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, refund ₹250.50' }));

    expect(await screen.findByText('Refunded ₹250.50 for order CB00000042. ₹749.50 is left to refund.')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(1);
    expect(posts(fetch)[0]?.[0]).toBe('/api/admin/payments/7/refund');
    expect(JSON.parse(String(posts(fetch)[0]?.[1]?.body))).toEqual({ amount: 25_050, reason: 'Late delivery' });
    const history = screen.getByRole('region', { name: 'Refunds' });
    expect(within(history).getByText('Late delivery')).toBeTruthy();
    expect((screen.getByLabelText('Amount to refund (₹)') as HTMLInputElement).value).toBe('');
  });

  it('pays Cash on Delivery back to the UPI ID or bank account typed, checked first', async () => {
    const fetch = fakeApi({ cash: true });
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.change(await screen.findByLabelText('Amount to refund (₹)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Returned unopened' } });
    fireEvent.change(screen.getByLabelText('Customer’s UPI ID'), { target: { value: 'asha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹100' }));
    expect(await screen.findByText('Please enter a UPI ID like name@bank')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Bank account'));
    fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Asha Iyer' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '50100123456789' } });
    fireEvent.change(screen.getByLabelText('IFSC'), { target: { value: 'hdfc0001234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹100' }));
    expect((await screen.findByRole('group', { name: /^Refund ₹100/ })).textContent).toContain(
      'It goes to the customer’s bank account ending 6789 (HDFC0001234).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refund ₹100' }));
    expect(await screen.findByText(/^Refunded ₹100 for order CB00000042\./)).toBeTruthy();
    expect(JSON.parse(String(posts(fetch)[0]?.[1]?.body))).toEqual({
      amount: 10_000,
      reason: 'Returned unopened',
      payout: { holder: 'Asha Iyer', accountNumber: '50100123456789', ifsc: 'HDFC0001234' },
    });
  });

  it('shows a 409 from the server in an alert', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(409, { error: { code: 'CONFLICT', message: 'That is more than is left to refund.' } });
      return fakeApi()(url, init);
    });
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.change(await screen.findByLabelText('Amount to refund (₹)'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Duplicate charge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹1,000' }));
    expect((await screen.findByRole('group', { name: /^Refund ₹1,000/ })).textContent).toContain('and is everything left on this payment');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refund ₹1,000' }));

    expect((await screen.findByRole('alert')).textContent).toBe('That is more than is left to refund.');
  });

  it('lists refunds waiting for the gateway with their attempts, last error and next try', async () => {
    vi.stubGlobal('fetch', fakeApi({ queued: [refused] }));
    renderWith(<AdminPaymentDetail id={7} />);

    const queue = await screen.findByRole('region', { name: 'Refunds waiting for the gateway' });
    expect(within(queue).getByText('₹8,999')).toBeTruthy();
    expect(within(queue).getByText('Order cancelled by the customer')).toBeTruthy();
    expect(within(queue).getByText('Gateway timed out')).toBeTruthy();
    expect(within(queue).getByText(formatDateTime('2099-01-01T10:00:00.000Z'))).toBeTruthy();
    expect(within(queue).getByText('2')).toBeTruthy();
    expect(screen.getByText('including ₹8,999 waiting for the gateway')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Refunds' })).queryByText('Order cancelled by the customer')).toBeNull();
  });

  it('shows no waiting refunds section when the gateway has made every refund', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWith(<AdminPaymentDetail id={7} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment 7' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Refunds waiting for the gateway' })).toBeNull();
  });

  it('retries a waiting refund now: POSTs the retry, refetches, announces it and moves focus to the refunds', async () => {
    const fetch = fakeApi({ queued: [refused] });
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Retry now – refund of ₹8,999' }));

    expect(await screen.findByText('The gateway has made the refund of ₹8,999. It is now listed under Refunds.')).toBeTruthy();
    expect(posts(fetch).map(([url]) => url)).toEqual(['/api/admin/outbox/31/retry']);
    expect(screen.queryByRole('region', { name: 'Refunds waiting for the gateway' })).toBeNull();
    const history = screen.getByRole('region', { name: 'Refunds' });
    expect(within(history).getByText('Order cancelled by the customer')).toBeTruthy();
    expect(document.activeElement).toBe(within(history).getByRole('heading', { name: 'Refunds' }));
  });

  it('says when the gateway refuses the retried refund again, and keeps it waiting', async () => {
    const fetch = fakeApi({ queued: [refused], gatewayRefuses: true });
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    const button = await screen.findByRole('button', { name: 'Retry now – refund of ₹8,999' });
    button.focus();
    fireEvent.click(button);

    expect(
      await screen.findByText(
        `The gateway still refuses the refund of ₹8,999: Gateway refused: insufficient balance. Next try ${formatDateTime('2099-01-02T10:00:00.000Z')}.`,
      ),
    ).toBeTruthy();
    const queue = screen.getByRole('region', { name: 'Refunds waiting for the gateway' });
    expect(await within(queue).findByText('3')).toBeTruthy();
    expect(within(queue).getByText('Gateway refused: insufficient balance')).toBeTruthy();
    expect(document.activeElement).toBe(within(queue).getByRole('button', { name: 'Retry now – refund of ₹8,999' }));
  });

  it('says so when a new refund is queued because the gateway refused it', async () => {
    vi.stubGlobal('fetch', fakeApi({ gatewayRefuses: true }));
    renderWith(<AdminPaymentDetail id={7} />);

    fireEvent.change(await screen.findByLabelText('Amount to refund (₹)'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Late delivery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹1,000' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, refund ₹1,000' }));

    expect(
      await screen.findByText(
        'The refund of ₹1,000 for order CB00000042 is taken off what is left, but the gateway has not made it yet (Gateway timed out). It is listed under “Refunds waiting for the gateway” and will be tried again automatically.',
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Refunds waiting for the gateway' })).getByText('Late delivery')).toBeTruthy();
  });

  it('asks which tax invoice a partial refund is against when the order has two, sends it, and shows the credit notes', async () => {
    const invoices = [
      {
        id: 5,
        number: 'INV/26-27/000007',
        seller: 'Nehru Place Computers',
        total: 80_000,
        creditable: 60_000,
        creditNotes: [{ id: 3, number: 'CN/26-27/000002' }],
      },
      { id: 6, number: 'INV/26-27/000031', seller: 'Lamington Road Traders', total: 40_000, creditable: 40_000, creditNotes: [] },
    ];
    const base = await (await fakeApi()('/api/admin/payments/7')).json();
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amount: number; invoiceId?: number };
        const payment = { ...base.payment, refundedAmount: base.payment.refundedAmount + body.amount };
        const credited = invoices.map((invoice) =>
          invoice.id === body.invoiceId
            ? { ...invoice, creditable: invoice.creditable - body.amount, creditNotes: [{ id: 4, number: 'CN/26-27/000001' }] }
            : invoice,
        );
        return json(200, { ...base, payment, order: { ...base.order, invoices: credited } });
      }
      return json(200, { ...base, order: { ...base.order, invoices } });
    });
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminPaymentDetail id={7} />);

    expect((await screen.findByRole('link', { name: 'Credit note CN/26-27/000002 (PDF)' })).getAttribute('href')).toBe(
      '/api/credit-notes/3/pdf',
    );
    expect(screen.getByText('₹600 of ₹800 left to credit')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount to refund (₹)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Stand missing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹100' }));
    expect(await screen.findByText('Choose the tax invoice this refund is against.')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(0);

    const against = screen.getByLabelText('Credit note against');
    expect(
      within(against)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose the invoice',
      'INV/26-27/000007 from Nehru Place Computers: ₹600 left to credit',
      'INV/26-27/000031 from Lamington Road Traders: ₹400 left to credit',
    ]);
    fireEvent.change(against, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the refund of ₹100' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, refund ₹100' }));
    expect(
      await screen.findByText('Refunded ₹100 for order CB00000042. Credit note CN/26-27/000001 issued. ₹900 is left to refund.'),
    ).toBeTruthy();
    expect(JSON.parse(String(posts(fetch)[0]?.[1]?.body))).toEqual({ amount: 10_000, reason: 'Stand missing', invoiceId: 6 });
  });

  it('says when there is no such payment', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWith(<AdminPaymentDetail id={99} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not found' })).toBeTruthy();
  });
});
