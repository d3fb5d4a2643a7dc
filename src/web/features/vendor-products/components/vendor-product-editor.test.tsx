import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_REQUIRED_MESSAGE, type VendorProduct, type VendorProductInput } from '#shared/schemas/vendor.ts';
import { json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { storedMonitor } from '#web/testing/vendor-product-fixtures.ts';
import VendorProductEditor from './vendor-product-editor.tsx';

/** Answers POST /api/vendor/products with the product it was sent, as the server would store it. */
function fakeApi() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/vendor/products' && init?.method === 'POST') {
      const input = JSON.parse(String(init.body)) as VendorProductInput;
      const product: VendorProduct = {
        id: 41,
        vendor: { id: 7, name: 'Kochi Computers', slug: 'kochi-computers' },
        name: input.name,
        slug: 'lenovo-ideapad-slim-5',
        brand: input.brand,
        category: input.category,
        description: input.description,
        price: input.price,
        mrp: input.mrp,
        stock: input.stock,
        images: input.images,
        specs: input.specs as VendorProduct['specs'],
        status: input.status,
        featured: false,
        createdAt: '2025-01-10T10:00:00.000Z',
        updatedAt: '2025-01-10T10:00:00.000Z',
        offerId: null,
        sellerCount: 1,
        offers: [],
        rating: null,
        sku: input.sku ?? null,
        hasOrders: false,
        hiddenReason: null,
        moderationReplies: [],
        sharedDetails: false,
        proposal: null,
        review: { status: 'approved', reason: null },
      };
      return json(201, product);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderEditor(onSaved = vi.fn()) {
  renderWithProviders(<VendorProductEditor onSaved={onSaved} shopApproved />);
  return onSaved;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillLaptop() {
  type('Name', 'Lenovo IdeaPad Slim 5 14″');
  type('Brand', 'Lenovo');
  type('Price (₹)', '64,990');
  type('MRP (₹)', '79,990');
  type('Stock', '12');
  type('Processor', 'AMD Ryzen 7 7735HS');
  type('RAM (GB)', '16');
  type('Storage (GB)', '512');
  type('Storage type', 'SSD');
  type('Display size (inches)', '14');
  type('Graphics', 'AMD Radeon 680M');
  type('Operating system', 'Windows 11 Home');
  type('Weight (kg)', '1.46');
  type('Battery (Wh)', '56.6');
}

describe('VendorProductEditor', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('swaps the spec fields when the category changes to Monitor', () => {
    vi.stubGlobal('fetch', fakeApi());
    renderEditor();
    expect(screen.getByLabelText('RAM (GB)')).toBeTruthy();
    expect(screen.queryByLabelText('Refresh rate (Hz)')).toBeNull();

    type('Category', 'Monitor');

    expect(screen.getByLabelText('Refresh rate (Hz)')).toBeTruthy();
    expect(screen.queryByLabelText('RAM (GB)')).toBeNull();
    const panel = screen.getByLabelText('Panel type') as HTMLSelectElement;
    expect([...panel.options].map((option) => option.value)).toEqual(['', 'IPS', 'VA', 'TN', 'OLED', 'Mini LED']);
  });

  it('refuses an MRP below the price without calling the API', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderEditor();
    fillLaptop();
    type('MRP (₹)', '59,990');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    const message = await screen.findByText('MRP must be at least the price');
    const mrp = screen.getByLabelText('MRP (₹)');
    expect(mrp.getAttribute('aria-invalid')).toBe('true');
    expect(mrp.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses to publish a product without an image, at once and with the keyboard on "Add images", sending nothing', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderEditor();
    fillLaptop();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain(IMAGE_REQUIRED_MESSAGE);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Add images')));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts a valid laptop with the price in paise and its specs', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    const onSaved = renderEditor();
    fillLaptop();
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/vendor/products');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as VendorProductInput;
    expect(body).toMatchObject({
      name: 'Lenovo IdeaPad Slim 5 14″',
      brand: 'Lenovo',
      category: 'Laptop',
      price: 6_499_000,
      mrp: 7_999_000,
      stock: 12,
      images: [],
      status: 'draft',
    });
    expect(body.specs).toEqual({
      processor: 'AMD Ryzen 7 7735HS',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      displaySizeIn: 14,
      graphics: 'AMD Radeon 680M',
      os: 'Windows 11 Home',
      weightKg: 1.46,
      batteryWh: 56.6,
    });
    expect(body).not.toHaveProperty('sku');
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ id: 41, price: 6_499_000 });
    expect(await screen.findByText('Saved as a draft.')).toBeTruthy();
  });

  it('shows server field errors beside their fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check the product',
            details: { issues: [{ field: 'specs.ramGb', message: 'specs.ramGb: Too big: expected number to be <=512' }] },
          },
        }),
      ),
    );
    renderEditor();
    fillLaptop();
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText('Too big: expected number to be <=512')).toBeTruthy();
    expect(screen.getByLabelText('RAM (GB)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Please correct the fields marked below.');
  });

  it('keeps Publish disabled with an explanation while the shop awaits approval', () => {
    vi.stubGlobal('fetch', fakeApi());
    renderWithProviders(<VendorProductEditor onSaved={vi.fn()} shopApproved={false} />);
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    expect(screen.getByText(/You can publish products once your shop is approved/)).toBeTruthy();
  });

  it('refuses oversized images, uploads the rest with progress and lets them be reordered', async () => {
    vi.stubGlobal('fetch', fakeApi());
    const sent: FakeXhr[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      withCredentials = false;
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      url = '';
      body: FormData | null = null;
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      abort() {}
      send(body: FormData) {
        this.body = body;
        sent.push(this);
      }
      respond(url: string) {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = 201;
        this.responseText = JSON.stringify({ url, width: 800, height: 600, bytes: 1000 });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderEditor();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const front = new File(['a'], 'front.jpg', { type: 'image/jpeg' });
    const side = new File(['b'], 'side.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [big, front, side] } });

    expect(screen.getByRole('alert').textContent).toContain('“huge.jpg” is larger than 5 MB. Please choose a smaller image.');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/api/vendor/media');
    expect((sent[0]?.body?.get('file') as File).name).toBe('front.jpg');
    expect(screen.getByRole('progressbar', { name: 'Uploading front.jpg' }).getAttribute('aria-valuenow')).toBe('0');

    act(() => sent[0]?.respond('/media/front.webp'));
    await waitFor(() => expect(sent).toHaveLength(2));
    act(() => sent[1]?.respond('/media/side.webp'));
    // On as soon as the finished upload is in the page, before React's effects of that change have
    // run (waitFor may look only later): a quick click then once left focus on the page.
    await new Promise<void>((resolve) => {
      const done = () => {
        if (screen.queryByRole('progressbar')) return false;
        observer.disconnect();
        resolve();
        return true;
      };
      const observer = new MutationObserver(done);
      if (!done()) observer.observe(document.body, { childList: true, subtree: true });
    });

    expect(screen.getByText('Main image')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make main, image 2' }));
    const images = screen.getByRole('list', { name: 'Product images' }).querySelectorAll('img');
    expect([...images].map((image) => image.getAttribute('src'))).toEqual(['/media/side.webp', '/media/front.webp']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move right, main image' })));
  });

  it('loads an archived product, says so, saves it with PUT and deletes it after confirming', async () => {
    const stored = storedMonitor({ status: 'archived' });
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/vendor/products/9' && method === 'GET') return json(200, stored);
      if (url === '/api/vendor/products/9' && method === 'PUT')
        return json(200, { ...stored, ...(JSON.parse(String(init?.body)) as object) });
      if (url === '/api/vendor/products/9' && method === 'DELETE') return new Response(null, { status: 204 });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    const onDeleted = vi.fn();
    renderWithProviders(<VendorProductEditor productId={9} onSaved={onSaved} onDeleted={onDeleted} shopApproved />);

    expect(await screen.findByText('This product is archived')).toBeTruthy();
    expect((screen.getByLabelText('Price (₹)') as HTMLInputElement).value).toBe('42,999.50');
    expect((screen.getByLabelText('Ports') as HTMLInputElement).value).toBe('HDMI, USB-C');
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      price: 4_299_950,
      stock: 3,
      stockWas: 3,
      status: 'draft',
      images: ['/media/a.webp'],
      sku: 'DELL-P2723QE',
      specs: { ports: ['HDMI', 'USB-C'] },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Delete this product?' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });

  it('sends the stock it was opened with, says when orders changed it meanwhile, and starts again from the stock now when refused', async () => {
    const stored = storedMonitor({ stock: 10, hasOrders: true });
    // The server as it is: stock moves by (stock − stockWas), never below 0; `stock` is what is left after sales.
    let stock = stored.stock;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/vendor/products/9' && method === 'GET') return json(200, { ...stored, stock });
      if (url === '/api/vendor/products/9' && method === 'PUT') {
        const body = JSON.parse(String(init?.body)) as { stock: number; stockWas: number };
        const change = body.stock - body.stockWas;
        if (stock + change < 0) {
          const message = `Stock changed since you opened this product: now ${stock}, so it cannot go down by ${-change}. Check the stock and save again.`;
          return json(409, { error: { code: 'CONFLICT', message, details: { stock } } });
        }
        stock += change;
        return json(200, { ...stored, ...body, stockWas: undefined, stock });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetch);
    // Never stale: the form must not be refreshed behind the test's back while it counts sales.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <VendorProductEditor productId={9} onSaved={vi.fn()} shopApproved />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const stockBox = () => screen.getByLabelText('Stock') as HTMLInputElement;
    const puts = () =>
      fetch.mock.calls
        .filter(([, init]) => init?.method === 'PUT')
        .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

    await screen.findByRole('heading', { name: 'Edit Dell P2723QE' });
    stock -= 3; // sold while the form is open
    fireEvent.change(stockBox(), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and keep published' }));
    expect(
      await screen.findByText(
        'Saved. The product is published. Stock is 12, not 15: orders changed it by −3 while you were editing, and your change (+5) was applied to that.',
      ),
    ).toBeTruthy();
    expect(puts()[0]).toMatchObject({ stock: 15, stockWas: 10 });
    expect(stockBox().value).toBe('12');

    stock -= 10;
    fireEvent.change(stockBox(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and keep published' }));
    expect(
      await screen.findByText(
        'Stock changed since you opened this product: now 2, so it cannot go down by 12. Check the stock and save again.',
      ),
    ).toBeTruthy();
    expect(puts()[1]).toMatchObject({ stock: 0, stockWas: 12 });
    expect(stockBox().value).toBe('2');
    expect(stockBox().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(stockBox(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and keep published' }));
    expect(await screen.findByText('Saved. The product is published.')).toBeTruthy();
    expect(puts()[2]).toMatchObject({ stock: 0, stockWas: 2 });
    expect(stock).toBe(0);
  });

  it('archiving a product other sellers offer says only this seller’s offer is withdrawn and theirs stay on sale', async () => {
    const shared: VendorProduct = {
      id: 12,
      vendor: { id: 8, name: 'Pune PC Mart', slug: 'pune-pc-mart' },
      name: 'Dell Inspiron 3530',
      slug: 'dell-inspiron-3530',
      brand: 'Dell',
      category: 'Monitor',
      description: '',
      price: 5_299_000,
      mrp: 6_000_000,
      stock: 4,
      images: ['/media/a.webp'],
      specs: { sizeIn: 27, resolution: '3840x2160', panel: 'IPS', refreshRateHz: 60, responseTimeMs: 5, ports: ['HDMI'] },
      status: 'active',
      featured: false,
      createdAt: '2025-01-10T10:00:00.000Z',
      updatedAt: '2025-01-10T10:00:00.000Z',
      offerId: 30,
      sellerCount: 3,
      offers: [],
      rating: null,
      sku: null,
      hasOrders: true,
      hiddenReason: null,
      moderationReplies: [],
      sharedDetails: true,
      proposal: null,
      review: { status: 'approved', reason: null },
    };
    // Archived, the seller's own offer leaves the two others on sale.
    const archived: VendorProduct = { ...shared, status: 'archived', sellerCount: 2 };
    let current = shared;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/vendor/products/12' && (init?.method ?? 'GET') === 'GET') return json(200, current);
        if (url === '/api/vendor/products/12/archive' && init?.method === 'POST') return json(200, (current = archived));
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      }),
    );
    renderWithProviders(<VendorProductEditor productId={12} onSaved={vi.fn()} shopApproved />);

    expect(
      await screen.findByText(
        'Archiving withdraws your offer and keeps its order history; the product stays on sale from 2 other sellers. You can bring your offer back later.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Your offer has orders, so it cannot be deleted. Archive it to stop selling the product.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));

    expect(
      await screen.findByText(
        'Your offer is archived: shoppers can no longer buy this product from you. It stays on sale from 2 other sellers.',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Shoppers cannot buy it from you; it stays on sale from 2 other sellers. To sell it again, save it as a draft or publish it.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/cannot see or buy it|can no longer see it|hide it from shoppers/);

    // Nobody ordered it from this seller: deleting removes only its own offer too.
    cleanup();
    current = { ...shared, hasOrders: false };
    renderWithProviders(<VendorProductEditor productId={12} onSaved={vi.fn()} shopApproved />);
    expect(
      await screen.findByText(
        'Nobody has ordered it from you yet, so you can delete your offer completely; the product stays on sale from 2 other sellers.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      screen.getByText(
        'Your offer of “Dell Inspiron 3530” will be removed for good; the product stays on sale from 2 other sellers. This cannot be undone.',
      ),
    ).toBeTruthy();
  });
});
