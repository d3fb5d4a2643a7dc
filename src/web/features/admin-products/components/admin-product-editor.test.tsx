import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProductDetail } from '#shared/schemas/admin.ts';
import AdminProductEditor from './admin-product-editor.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const detail: AdminProductDetail = {
  product: {
    id: 12,
    vendor: { id: 3, name: 'Kochi Computers', slug: 'kochi-computers' },
    name: 'Lenovo IdeaPad Slim 5',
    slug: 'lenovo-ideapad-slim-5',
    brand: 'Lenovo',
    category: 'Laptop',
    description: 'Light and quick.',
    price: 64_990_00,
    mrp: 79_990_00,
    stock: 6,
    images: ['/media/ideapad.webp'],
    specs: {
      processor: 'AMD Ryzen 7 7730U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      displaySizeIn: 14,
      graphics: 'AMD Radeon',
      os: 'Windows 11 Home',
      weightKg: 1.46,
      batteryWh: 57,
    },
    status: 'active',
    featured: true,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    offerId: null,
    sellerCount: 1,
    offers: [],
    rating: null,
    sku: 'IDEA-5',
    hiddenReason: null,
    review: { status: 'approved', reason: null },
  },
  shop: { id: 3, name: 'Kochi Computers', slug: 'kochi-computers', status: 'active' },
  offers: [],
  audit: [],
  moderationReplies: [],
};

const entry = (id: number, action: string, before: unknown, after: unknown) => ({
  id,
  actor: { id: 'a1', email: 'asha@admin.in', name: 'Asha Admin' },
  action,
  entityType: 'product',
  entityId: '12',
  subject: null,
  before,
  after,
  reason: null,
  createdAt: '2025-03-01T10:00:00.000Z',
});

/** GET answers `start`; PUT and POST …/status answer with what was sent applied, and one more audit entry. */
function fakeApi(start: AdminProductDetail, putAnswer?: (body: Record<string, unknown>) => Response) {
  let current = start;
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/products/12' && method === 'GET') return json(200, current);
    if (url === '/api/admin/products/12' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (putAnswer) return putAnswer(body);
      const { reason, ...fields } = body;
      current = {
        ...current,
        product: { ...current.product, ...(fields as object) },
        audit: [
          {
            ...entry(current.audit.length + 1, 'product.edit', { price: current.product.price }, { price: fields.price }),
            reason: (reason as string) ?? null,
          },
          ...current.audit,
        ],
      };
      return json(200, current);
    }
    if (url === '/api/admin/products/12/status' && method === 'POST') {
      const { status } = JSON.parse(String(init?.body)) as { status: 'draft' | 'active' | 'archived' };
      current = {
        ...current,
        product: { ...current.product, status },
        audit: [entry(current.audit.length + 1, 'product.archive', { status: current.product.status }, { status }), ...current.audit],
      };
      return json(200, current);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Product not found' } });
  });
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminProductEditor id={12} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The page's own notice (the image list has a status of its own, for its moves). */
const announcer = () => screen.getAllByRole('status')[0]!;
const sent = (fetch: ReturnType<typeof fakeApi>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('AdminProductEditor', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves a new price in paise with the status and the note, leaving the SKU to the vendor and the images as they were, and shows it in the history', async () => {
    const fetch = fakeApi(detail);
    vi.stubGlobal('fetch', fetch);
    renderEditor();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Lenovo IdeaPad Slim 5' })).toBeTruthy();
    expect(screen.getByText('Featured')).toBeTruthy();
    expect(screen.queryByLabelText(/SKU/)).toBeNull();
    expect((screen.getByLabelText('Price (₹)') as HTMLInputElement).value).toBe('64,990');
    expect((screen.getByRole('radio', { name: /Active/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('No admin has changed this product yet.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Price (₹)'), { target: { value: '59,990' } });
    fireEvent.change(screen.getByLabelText(/Note for the audit log/), { target: { value: 'Price match with the maker' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(announcer().textContent).toBe('Saved. The product is published.'));
    const [body] = sent(fetch, 'PUT');
    expect(body).toMatchObject({
      price: 59_990_00,
      mrp: 79_990_00,
      stock: 6,
      stockWas: 6,
      featured: true,
      status: 'active',
      reason: 'Price match with the maker',
      specs: { ramGb: 16 },
    });
    expect(body).not.toHaveProperty('sku');
    expect(body).toHaveProperty('images', ['/media/ideapad.webp']);
    expect(await screen.findByText('₹59,990')).toBeTruthy();
    expect(screen.getByText('“Price match with the maker”')).toBeTruthy();
    expect((screen.getByLabelText(/Note for the audit log/) as HTMLTextAreaElement).value).toBe('');
  });

  it('features the product on the home page with a labelled checkbox, saved with the edit and shown in the history', async () => {
    const fetch = fakeApi({ ...detail, product: { ...detail.product, featured: false } }, (body) =>
      json(200, {
        ...detail,
        product: { ...detail.product, featured: body.featured },
        audit: [entry(1, 'product.edit', { featured: false }, { featured: body.featured })],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderEditor();

    const featured = (await screen.findByRole('checkbox', { name: 'Feature on the home page' })) as HTMLInputElement;
    expect(featured.checked).toBe(false);
    expect(featured.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(featured.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Only admins can change this');
    fireEvent.click(featured);
    expect(featured.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(announcer().textContent).toBe('Saved. The product is published.'));
    expect(sent(fetch, 'PUT')[0]).toMatchObject({ featured: true, stock: 6, stockWas: 6 });
    expect((screen.getByRole('checkbox', { name: 'Feature on the home page' }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Featured on the home page:')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
  });

  it('sends the stock it was opened with, says when orders changed it meanwhile, and starts again from the stock now when refused', async () => {
    let answer = (body: Record<string, unknown>) =>
      json(200, {
        ...detail,
        product: { ...detail.product, stock: 9 },
        audit: [entry(1, 'product.edit', { stock: 4 }, { stock: body.stock === 11 ? 9 : 0 })],
      });
    const fetch = fakeApi(detail, (body) => answer(body));
    vi.stubGlobal('fetch', fetch);
    renderEditor();

    // Opened at 6; 2 were sold meanwhile; the admin adds 5.
    fireEvent.change(await screen.findByLabelText('Stock'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(announcer().textContent).toBe(
        'Saved. The product is published. Stock is 9, not 11: orders changed it by −2 while you were editing, and your change (+5) was applied to that.',
      ),
    );
    expect(sent(fetch, 'PUT')[0]).toMatchObject({ stock: 11, stockWas: 6 });
    expect((screen.getByLabelText('Stock') as HTMLInputElement).value).toBe('9');

    // Then 8 more are sold and the admin tries to take 9 off: refused, the field shows the stock now.
    answer = () =>
      json(409, {
        error: {
          code: 'CONFLICT',
          message: 'Stock changed since you opened this product: now 1, so it cannot go down by 9. Check the stock and save again.',
          details: { stock: 1 },
        },
      });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Stock changed since you opened this product: now 1, so it cannot go down by 9. Check the stock and save again.',
      ),
    ).toBeTruthy();
    expect(sent(fetch, 'PUT')[1]).toMatchObject({ stock: 0, stockWas: 9 });
    const stock = screen.getByLabelText('Stock') as HTMLInputElement;
    expect(stock.value).toBe('1');
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Orders changed the stock to 1 while you were editing. Enter the stock you want and save again.')).toBeTruthy();

    answer = () =>
      json(200, { ...detail, product: { ...detail.product, stock: 0 }, audit: [entry(2, 'product.edit', { stock: 1 }, { stock: 0 })] });
    fireEvent.change(stock, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(announcer().textContent).toBe('Saved. The product is published.'));
    expect(sent(fetch, 'PUT')[2]).toMatchObject({ stock: 0, stockWas: 1 });
  });

  it('checks the form before sending and puts the server’s issues on their fields', async () => {
    const fetch = fakeApi(detail, () =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'specs.ramGb: Too big',
          details: { issues: [{ field: 'specs.ramGb', message: 'specs.ramGb: Too big' }] },
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderEditor();
    await screen.findByRole('heading', { level: 1 });

    fireEvent.change(screen.getByLabelText('MRP (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('MRP must be at least the price')).toBeTruthy();
    expect(sent(fetch, 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('MRP (₹)'), { target: { value: '79,990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Too big')).toBeTruthy();
    expect(screen.getByText('Please correct the fields marked below.')).toBeTruthy();
    expect(screen.getByLabelText('RAM (GB)').getAttribute('aria-invalid')).toBe('true');
  });

  it('archives the product in one step and offers to bring it back', async () => {
    const fetch = fakeApi(detail);
    vi.stubGlobal('fetch', fetch);
    renderEditor();

    fireEvent.click(await screen.findByRole('button', { name: 'Archive product' }));
    await waitFor(() => expect(announcer().textContent).toBe('Archived. Shoppers can no longer see or buy it.'));
    expect(sent(fetch, 'POST')).toEqual([{ status: 'archived' }]);
    expect(await screen.findByRole('button', { name: 'Bring back as draft' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Archived/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Status:')).toBeTruthy();
  });

  it('does not offer publishing for a shop awaiting approval', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ ...detail, product: { ...detail.product, status: 'draft' }, shop: { ...detail.shop, status: 'pending' } }),
    );
    renderEditor();

    const publish = (await screen.findByRole('radio', { name: /Active/ })) as HTMLInputElement;
    expect(publish.disabled).toBe(true);
    expect(screen.getByText(/Kochi Computers is awaiting approval, so its products cannot be published/)).toBeTruthy();
  });

  it('says so when the product does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: { code: 'NOT_FOUND', message: 'Product not found' } })),
    );
    renderEditor();
    expect(await screen.findByText('We could not find this product.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Products' }).getAttribute('href')).toBe('/admin/products');
  });
  it("lists every seller's offer and merges a duplicate into the product it names, refusing a bad id in the form", async () => {
    const offer = (id: number, name: string, price: number, stock: number) => ({
      id,
      vendor: { id, name, slug: name.toLowerCase().replace(/ /g, '-'), status: 'active' as const },
      sku: null,
      price,
      mrp: 79_990_00,
      stock,
      dispatchDays: id,
      status: 'active' as const,
    });
    const shared = { ...detail, offers: [offer(1, 'Nehru Place Computers', 64_990_00, 6), offer(2, 'Chennai Tech Mart', 65_490_00, 0)] };
    const fetch = fakeApi(shared);
    const merged = vi.fn(async (_url: string, init?: RequestInit) =>
      json(200, { ...shared, product: { ...shared.product, id: 7 }, audit: [], body: init?.body }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => (url === '/api/admin/products/12/merge' ? merged(url, init) : fetch(url, init))),
    );
    renderEditor();

    const sellers = await screen.findByRole('region', { name: 'Sellers (2)' });
    const rows = sellers.querySelectorAll('tbody tr');
    expect([...rows].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Nehru Place Computers', '₹64,990', '₹79,990', '6', '1 working day', 'Active'],
      ['Chennai Tech Mart', '₹65,490', '₹79,990', '0', '2 working days', 'Active'],
    ]);

    fireEvent.change(screen.getByLabelText(/Id of the product to keep/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Merge into that product' }));
    expect(await screen.findByText('Choose another product: a product cannot be merged into itself')).toBeTruthy();
    expect(merged).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Id of the product to keep/), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText(/Reason, kept in the audit log/), { target: { value: 'Same model twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Merge into that product' }));
    await waitFor(() => expect(merged).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(merged.mock.calls[0]?.[1]?.body))).toEqual({ into: 7, reason: 'Same model twice' });
  });
});
