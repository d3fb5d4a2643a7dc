import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '#shared/schemas/account.ts';
import AddressBook from './address-book.tsx';

const asha: Address = {
  id: 1,
  name: 'Asha Menon',
  phone: '+919847011223',
  line1: '12/345 Marine Drive',
  line2: 'Near Menaka Junction',
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682031',
  isDefault: true,
};

const ravi: Address = {
  id: 2,
  name: 'Ravi Kumar',
  phone: '+919845012345',
  line1: '4th Cross, Indiranagar',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  isDefault: false,
};

/** A tiny in-memory stand-in for the address API. */
function fakeApi(initial: Address[]) {
  let book = [...initial];
  let nextId = 100;
  const json = (status: number, body: unknown) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const sorted = () => [...book].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id);

  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Omit<Address, 'id'>) : undefined;
    const match = /^\/api\/account\/addresses(?:\/(\d+))?(\/default)?$/.exec(url);
    if (!match) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    const id = match[1] ? Number(match[1]) : undefined;
    if (method === 'GET') return json(200, { items: sorted() });
    if (method === 'POST' && id === undefined && body) {
      const created = { ...body, id: nextId++, isDefault: body.isDefault || book.length === 0 };
      if (created.isDefault) book = book.map((a) => ({ ...a, isDefault: false }));
      book.push(created);
      return json(201, created);
    }
    if (method === 'POST' && match[2]) {
      book = book.map((a) => ({ ...a, isDefault: a.id === id }));
      return json(
        200,
        book.find((a) => a.id === id),
      );
    }
    if (method === 'PUT' && body) {
      book = book.map((a) => (a.id === id ? { ...body, id, isDefault: a.isDefault || body.isDefault } : a));
      return json(
        200,
        book.find((a) => a.id === id),
      );
    }
    if (method === 'DELETE') {
      book = book.filter((a) => a.id !== id);
      return json(204, null);
    }
    return json(400, { error: { code: 'VALIDATION_FAILED', message: 'Bad request' } });
  });
}

function renderBook() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddressBook />
    </QueryClientProvider>,
  );
}

describe('AddressBook', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('lists the addresses, default first, with their context in the button names', async () => {
    vi.stubGlobal('fetch', fakeApi([asha, ravi]));
    renderBook();
    expect(screen.getByText('Loading addresses…').closest('[role="status"]')).toBeTruthy();

    const card = await screen.findByRole('article', { name: 'Asha Menon' });
    expect(within(card).getByText('Default')).toBeTruthy();
    expect(within(card).getByText('+91 98470 11223')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Make default/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit address of Asha Menon, Kochi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make default, address of Ravi Kumar, Bengaluru' })).toBeTruthy();
  });

  it('shows the empty state, adds an address and focuses its card', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderBook();
    expect(await screen.findByText('You have no saved addresses yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Full name')));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Asha Menon' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9847011223' } });
    fireEvent.change(screen.getByLabelText('Address line 1'), { target: { value: '12/345 Marine Drive' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Kochi' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Kerala' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '682031' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));

    const card = await screen.findByRole('article', { name: 'Asha Menon' });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(screen.getByText('Address saved')).toBeTruthy();
    expect(within(card).getByText('Default')).toBeTruthy();
  });

  it('asks before deleting, then deletes and focuses the heading', async () => {
    vi.stubGlobal('fetch', fakeApi([asha, ravi]));
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete address of Ravi Kumar, Bengaluru' }));

    const confirm = screen.getByRole('group', { name: 'Delete this address?' });
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete address of Ravi Kumar, Bengaluru' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ravi Kumar' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved addresses' }));
    expect(screen.getByText('Address deleted')).toBeTruthy();
  });

  it('makes another address the default', async () => {
    vi.stubGlobal('fetch', fakeApi([asha, ravi]));
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Make default, address of Ravi Kumar, Bengaluru' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Ravi Kumar' })));
    expect(within(screen.getAllByRole('article')[0] as HTMLElement).getByText('Ravi Kumar')).toBeTruthy();
    expect(screen.getByText('Default address updated')).toBeTruthy();
  });

  it('edits an address in place, and Cancel returns focus to its Edit button', async () => {
    vi.stubGlobal('fetch', fakeApi([asha, ravi]));
    renderBook();
    const edit = await screen.findByRole('button', { name: 'Edit address of Ravi Kumar, Bengaluru' });
    fireEvent.click(edit);
    expect(screen.queryByRole('article', { name: 'Ravi Kumar' })).toBeNull();
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9845012345');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit address of Ravi Kumar, Bengaluru' })));

    fireEvent.click(screen.getByRole('button', { name: 'Edit address of Ravi Kumar, Bengaluru' }));
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Mysuru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const card = await screen.findByRole('article', { name: 'Ravi Kumar' });
    await waitFor(() => expect(within(card).getByText(/Mysuru/)).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(screen.getByText('Address saved')).toBeTruthy();
  });
});
