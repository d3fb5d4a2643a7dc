import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#shared/schemas/admin.ts';
import AdminUsersList from './admin-users-list.tsx';

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

const vendor: AdminUser = {
  uid: 'u-vendor',
  name: 'Ravi Menon',
  email: 'ravi@kochicomputers.in',
  role: 'vendor',
  status: 'active',
  createdAt: '2025-03-05T12:00:00.000Z',
  vendor: { id: 7, name: 'Kochi Computers', slug: 'kochi-computers', status: 'pending' },
};

function fakeApi() {
  let shopStatus: 'pending' | 'active' | 'suspended' = 'pending';
  const current = () => ({ ...vendor, vendor: vendor.vendor && { ...vendor.vendor, status: shopStatus } });
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/admin/users?') && method === 'GET') {
      const role = new URL(url, 'http://localhost').searchParams.get('role');
      const items = [customer, current()].filter((user) => role === null || user.role === role);
      return json(200, { items, total: items.length, page: 1, pageSize: 20 });
    }
    if (url === '/api/admin/users/u-vendor/vendor-decision' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { decision: 'approve' | 'reject' };
      shopStatus = body.decision === 'approve' ? 'active' : 'suspended';
      return json(200, current());
    }
    if (url === '/api/admin/admins' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string; email: string };
      return json(201, { ...customer, uid: 'u-admin', role: 'admin', name: body.name, email: body.email });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderList(url = '/admin/users') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AdminUsersList />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (fetch: ReturnType<typeof fakeApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AdminUsersList', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the users from the API, each linking to its page', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeTruthy();
    const asha = await screen.findByRole('link', { name: 'Asha Iyer' });
    expect(asha.getAttribute('href')).toBe('/admin/users/u-customer');
    expect(screen.getByRole('link', { name: 'Ravi Menon' }).getAttribute('href')).toBe('/admin/users/u-vendor');
    expect(screen.getByText('asha@example.in')).toBeTruthy();
    const row = screen.getByRole('link', { name: 'Ravi Menon' }).closest('tr');
    expect(row?.textContent).toContain('Shop: Kochi Computers');
    expect(row?.textContent).toContain('Shop\u00a0Awaiting approval');
    expect(screen.getByText('Showing 1–2 of 2 users')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/admin/users?sort=newest&page=1&pageSize=20');
    // Only the pending vendor can be approved from the list.
    expect(screen.getAllByRole('button', { name: /^Approve/ })).toHaveLength(1);
  });

  it('refetches with role=vendor when the vendor role is chosen, and keeps it in the URL', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();
    await screen.findByRole('link', { name: 'Asha Iyer' });

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'vendor' } });

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Asha Iyer' })).toBeNull());
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/admin/users?role=vendor&sort=newest&page=1&pageSize=20');
    expect(screen.getByTestId('location').textContent).toBe('?role=vendor');
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('vendor');
    expect(screen.getByRole('link', { name: 'Ravi Menon' })).toBeTruthy();
  });

  it('asks for a reason before rejecting a vendor, and sends nothing without one', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Reject… Kochi Computers' }));
    const form = screen.getByRole('form', { name: 'Reject Kochi Computers' });
    const reason = within(form).getByLabelText('Reason for rejecting Kochi Computers');
    fireEvent.change(reason, { target: { value: 'no' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reject shop' }));

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Please give the vendor a reason of at least 5 characters');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toContain(alert.id);
    expect(posts(fetch)).toHaveLength(0);
  });

  it('approves a pending vendor with POST { decision: approve } and says so', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Approve Kochi Computers' }));

    expect(await screen.findByText('Approved Kochi Computers. The vendor can now sell.')).toBeTruthy();
    const [url, init] = posts(fetch)[0] ?? [];
    expect(url).toBe('/api/admin/users/u-vendor/vendor-decision');
    expect(JSON.parse(String(init?.body))).toEqual({ decision: 'approve' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull());
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Ravi Menon' }));
  });

  it('adds an admin from the inline form', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();
    await screen.findByRole('link', { name: 'Asha Iyer' });

    const toggle = screen.getByRole('button', { name: 'Add an admin' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Meera Nair' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Meera@CircuitBazaar.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));

    expect(await screen.findByText('Admin account created for Meera Nair (meera@circuitbazaar.in).')).toBeTruthy();
    const [url, init] = posts(fetch)[0] ?? [];
    expect(url).toBe('/api/admin/admins');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Meera Nair', email: 'meera@circuitbazaar.in', password: 'a-long-secret' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
