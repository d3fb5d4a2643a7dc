import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOutboxJob } from '#shared/schemas/admin.ts';
import { formatDateTime } from '#web/lib/format.ts';
import RetryQueue from './retry-queue.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const refund: AdminOutboxJob = {
  id: 31,
  kind: 'refund',
  summary: 'Refund of ₹8,999 on payment 12',
  paymentId: 12,
  status: 'pending',
  attempts: 2,
  lastError: 'Gateway timed out',
  nextAttemptAt: '2099-01-01T10:00:00.000Z',
  createdAt: '2025-04-02T12:00:00.000Z',
  doneAt: null,
};

const mail: AdminOutboxJob = {
  id: 32,
  kind: 'mail',
  summary: 'Mail to asha@example.in: Your order CB00000042 is confirmed',
  paymentId: null,
  status: 'pending',
  attempts: 1,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  nextAttemptAt: '2020-01-01T10:00:00.000Z',
  createdAt: '2025-04-02T12:05:00.000Z',
  doneAt: null,
};

/** The outbox API: waiting jobs first; a retry makes the job done, or fails it again when `gatewayRefuses`. */
function fakeApi({ jobs = [refund, mail], gatewayRefuses = false } = {}) {
  let all = jobs;
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const address = new URL(url, 'http://localhost');
    if (address.pathname === '/api/admin/outbox' && method === 'GET') {
      const status = address.searchParams.get('status');
      const kind = address.searchParams.get('kind');
      const items = all.filter((job) => (!status || job.status === status) && (!kind || job.kind === kind));
      return json(200, {
        items,
        total: items.length,
        pending: all.filter((job) => job.status === 'pending').length,
        page: 1,
        pageSize: 20,
      });
    }
    const retry = /^\/api\/admin\/outbox\/(\d+)\/retry$/.exec(address.pathname);
    if (retry && method === 'POST') {
      const job = all.find((item) => item.id === Number(retry[1]));
      if (!job || job.status === 'done') return json(409, { error: { code: 'CONFLICT', message: 'This job is already done' } });
      const after: AdminOutboxJob = gatewayRefuses
        ? {
            ...job,
            attempts: job.attempts + 1,
            lastError: 'Gateway refused: insufficient balance',
            nextAttemptAt: '2099-01-02T10:00:00.000Z',
          }
        : { ...job, status: 'done', attempts: job.attempts + 1, doneAt: '2025-04-04T10:00:00.000Z' };
      all = all.map((item) => (item.id === job.id ? after : item));
      return json(200, after);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <RetryQueue />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (fetch: ReturnType<typeof fakeApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
const gets = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([url]) => url);

describe('RetryQueue', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the waiting jobs with their attempts, last error and next try, and links refunds to their payment', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderAt('/admin/retry-queue');

    const link = await screen.findByRole('link', { name: 'Refund of ₹8,999 on payment 12' });
    expect(link.getAttribute('href')).toBe('/admin/payments/12');
    expect(gets(fetch)[0]).toBe('/api/admin/outbox?status=pending&page=1&pageSize=20');
    expect(screen.getByText('2 waiting')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2 jobs')).toBeTruthy();

    const refundRow = screen.getByRole('row', { name: /Refund of ₹8,999/ });
    expect(within(refundRow).getByText('Gateway timed out')).toBeTruthy();
    expect(within(refundRow).getByText(formatDateTime('2099-01-01T10:00:00.000Z'))).toBeTruthy();
    expect(within(refundRow).getByText('2')).toBeTruthy();
    const mailRow = screen.getByRole('row', { name: /Mail to asha@example.in/ });
    expect(within(mailRow).queryByRole('link')).toBeNull();
    expect(within(mailRow).getByText('Due now')).toBeTruthy();
    expect(within(mailRow).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Status').selectedOptions[0]?.text).toBe('Waiting');
  });

  it('keeps the status and kind filters in the URL and asks the API for them', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderAt('/admin/retry-queue?status=all');

    await screen.findByRole('link', { name: 'Refund of ₹8,999 on payment 12' });
    expect(gets(fetch)[0]).toBe('/api/admin/outbox?page=1&pageSize=20');

    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('all');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'mail' } });
    expect(screen.getByTestId('where').textContent).toBe('/admin/retry-queue?status=all&kind=mail');
    expect(await screen.findByText('Showing 1–1 of 1 job')).toBeTruthy();
    expect(gets(fetch).at(-1)).toBe('/api/admin/outbox?kind=mail&page=1&pageSize=20');
    expect(screen.queryByRole('link', { name: 'Refund of ₹8,999 on payment 12' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    expect(screen.getByTestId('where').textContent).toBe('/admin/retry-queue?kind=mail');
  });

  it('says nothing is waiting when every job has gone through', async () => {
    vi.stubGlobal('fetch', fakeApi({ jobs: [{ ...refund, status: 'done', doneAt: '2025-04-04T10:00:00.000Z' }] }));
    renderAt('/admin/retry-queue');

    expect(await screen.findByText('Nothing is waiting: every refund and mail has gone through.')).toBeTruthy();
    expect(screen.getByText('Nothing waiting')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('retries a job now: POSTs the retry, announces it went through and refetches the queue', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderAt('/admin/retry-queue');

    fireEvent.click(await screen.findByRole('button', { name: 'Retry now – Refund of ₹8,999 on payment 12' }));

    expect(await screen.findByText('Done: Refund of ₹8,999 on payment 12 went through on attempt 3.')).toBeTruthy();
    expect(posts(fetch).map(([url]) => url)).toEqual(['/api/admin/outbox/31/retry']);
    // Among waiting jobs the row is gone: focus goes to the heading.
    expect(screen.queryByRole('link', { name: 'Refund of ₹8,999 on payment 12' })).toBeNull();
    expect(screen.getByText('1 waiting')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Retry queue' }));
  });

  it('says when the retry failed again, and keeps the job waiting with its new error', async () => {
    vi.stubGlobal('fetch', fakeApi({ gatewayRefuses: true }));
    renderAt('/admin/retry-queue');

    const button = await screen.findByRole('button', { name: 'Retry now – Refund of ₹8,999 on payment 12' });
    button.focus();
    fireEvent.click(button);

    expect(
      await screen.findByText(
        `Still waiting: Refund of ₹8,999 on payment 12 failed again on attempt 3 (Gateway refused: insufficient balance). Next try ${formatDateTime('2099-01-02T10:00:00.000Z')}.`,
      ),
    ).toBeTruthy();
    const row = screen.getByRole('row', { name: /Refund of ₹8,999/ });
    expect(await within(row).findByText('Gateway refused: insufficient balance')).toBeTruthy();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: /Retry now/ }));
  });

  it('shows an error the server gives in an alert', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(403, { error: { code: 'FORBIDDEN', message: 'Admins only' } });
      return fakeApi()(url, init);
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/admin/retry-queue');

    fireEvent.click(await screen.findByRole('button', { name: 'Retry now – Mail to asha@example.in: Your order CB00000042 is confirmed' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Mail to asha@example.in: Your order CB00000042 is confirmed was not retried. Admins only',
    );
  });
});
