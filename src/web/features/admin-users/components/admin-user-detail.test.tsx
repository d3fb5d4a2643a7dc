import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AuditEntry } from '#shared/schemas/admin.ts';
import AdminUserDetail from './admin-user-detail.tsx';
import AuditLog from './audit-log.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const customer: AdminUser = {
  uid: 'u-customer',
  name: 'Asha Iyer',
  email: 'asha@example.in',
  role: 'customer',
  status: 'active',
  createdAt: '2025-02-01T09:30:00.000Z',
  vendor: null,
};

const entry: AuditEntry = {
  id: 1,
  actor: { id: 'u-admin', email: 'admin@circuitbazaar.in', name: 'Store Admin' },
  action: 'user.suspend',
  entityType: 'user',
  entityId: 'u-customer',
  subject: { name: 'Kiran Customer', detail: 'kiran@example.in', product: null, orderNumber: null },
  before: { status: 'active' },
  after: { status: 'suspended' },
  reason: 'Chargeback fraud',
  createdAt: '2025-04-01T10:00:00.000Z',
};

function fakeApi({ roleConflict = false } = {}) {
  let user = customer;
  let audit: AuditEntry[] = [];
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/users/u-customer' && method === 'GET') {
      return json(200, {
        user,
        orders: [{ id: 3, number: 'CB-2025-000123', orderDate: '2025-03-01T10:00:00.000Z', displayStatus: 'Delivered', total: 12_999_900 }],
        products: [],
        audit,
        shopChecklist: null,
      });
    }
    if (url === '/api/admin/users/u-customer/status' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { status: 'active' | 'suspended'; reason: string };
      user = { ...user, status: body.status };
      audit = [{ ...entry, reason: body.reason }];
      return json(200, user);
    }
    if (url === '/api/admin/users/u-customer/role' && method === 'POST') {
      if (roleConflict) return json(409, { error: { code: 'CONFLICT', message: 'You cannot change your own role.' } });
      return json(200, user);
    }
    if (url.startsWith('/api/admin/audit')) return json(200, { items: [entry], total: 1, page: 1, pageSize: 50 });
    return json(404, { error: { code: 'NOT_FOUND', message: 'User not found' } });
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

describe('AdminUserDetail', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the user and their latest orders', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWith(<AdminUserDetail uid="u-customer" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Iyer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All users' }).getAttribute('href')).toBe('/admin/users');
    expect(screen.getByRole('rowheader', { name: 'CB-2025-000123' })).toBeTruthy();
    expect(screen.getByText('₹1,29,999')).toBeTruthy();
    expect(screen.getByText('No admin has changed this account yet.')).toBeTruthy();
  });

  it('suspends with a required reason, then refreshes and announces it', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderWith(<AdminUserDetail uid="u-customer" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByText('Please give a reason of at least 5 characters')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Reason for suspending'), { target: { value: 'Chargeback fraud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend account' }));

    expect(await screen.findByText('Asha Iyer’s account is suspended.')).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ status: 'suspended', reason: 'Chargeback fraud' });
    expect(screen.getByRole('button', { name: 'Reactivate account' })).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Audit history' });
    await waitFor(() => expect(within(history).getByText('Chargeback fraud')).toBeTruthy());
    const changes = within(history).getAllByRole('table', { name: 'Account suspended: fields before and after' })[0]!;
    expect(within(changes).getByRole('rowheader', { name: 'Status' })).toBeTruthy();
    expect(within(changes).getByText('Active')).toBeTruthy();
    expect(within(changes).getByText('Suspended')).toBeTruthy();
  });

  it('shows a 409 from the server in an alert', async () => {
    vi.stubGlobal('fetch', fakeApi({ roleConflict: true }));
    renderWith(<AdminUserDetail uid="u-customer" />);

    fireEvent.change(await screen.findByLabelText('New role'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Reason for the role change'), { target: { value: 'Joining the team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));

    expect((await screen.findByRole('alert')).textContent).toBe('You cannot change your own role.');
  });

  it('shows a pending shop what its approval still needs, and the server’s refusal to approve it', async () => {
    const vendor: AdminUser = {
      ...customer,
      uid: 'u-vendor',
      name: 'Farhan Qureshi',
      role: 'vendor',
      vendor: { id: 9, name: 'Lucknow Laptops', slug: 'lucknow-laptops', status: 'pending' },
    };
    const refusal = 'This shop cannot be approved yet. It still needs: a bank account for settlements (IFSC checked).';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/users/u-vendor/vendor-decision' && init?.method === 'POST')
          return json(409, { error: { code: 'CONFLICT', message: refusal } });
        if (url === '/api/admin/users/u-vendor') {
          const shopChecklist = [
            { item: 'A valid GSTIN', done: true },
            { item: 'A bank account for settlements (IFSC checked)', done: false },
          ];
          return json(200, { user: vendor, orders: [], products: [], audit: [], shopChecklist });
        }
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      }),
    );
    renderWith(<AdminUserDetail uid="u-vendor" />);

    const details = within(await screen.findByRole('region', { name: 'Shop details for approval' }));
    expect(details.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Done: A valid GSTIN',
      'Still needed: A bank account for settlements (IFSC checked)',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Approve shop' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  it('says "User not found" for a 404', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWith(<AdminUserDetail uid="nobody" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeTruthy();
  });
});

describe('AuditLog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the entries with a link to the user', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWith(<AuditLog />);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Kiran Customer' })).getAttribute('href')).toBe('/admin/users/u-customer');
    expect(screen.getByText('kiran@example.in')).toBeTruthy();
    expect(screen.getByText('Store Admin')).toBeTruthy();
    expect(screen.getByText('admin@circuitbazaar.in')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Suspended' })).toBeTruthy();
    expect(screen.getByText('Chargeback fraud')).toBeTruthy();
  });

  it('names a return by its product and order, each linked, and one that is gone by its id', async () => {
    const approved: AuditEntry = {
      ...entry,
      id: 2,
      action: 'return.approve',
      entityType: 'return',
      entityId: '12',
      subject: {
        name: 'Return of LG 29WQ600 UltraWide',
        detail: 'Order CB00000042',
        product: { id: 31, name: 'LG 29WQ600 UltraWide' },
        orderNumber: 'CB00000042',
      },
      before: { status: 'requested' },
      after: { status: 'approved' },
      reason: null,
    };
    const gone: AuditEntry = { ...approved, id: 3, entityId: '9', subject: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [approved, gone], total: 2, page: 1, pageSize: 50 })),
    );
    renderWith(<AuditLog />);

    const product = await screen.findByRole('link', { name: 'LG 29WQ600 UltraWide' });
    expect(product.getAttribute('href')).toBe('/admin/products/31');
    const row = product.closest('tr')!;
    expect(row.textContent).toContain('Return 12 of LG 29WQ600 UltraWide');
    expect(within(row).getByRole('link', { name: 'CB00000042' }).getAttribute('href')).toBe('/admin/payments?q=CB00000042');
    expect(screen.getByText('Return 9')).toBeTruthy();
  });
});
