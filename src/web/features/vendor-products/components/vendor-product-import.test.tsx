import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '#shared/schemas/vendor.ts';
import VendorProductImport from './vendor-product-import.tsx';

const CSV = 'sku,name,brand,category,price,mrp,stock,status\nLN-1,Lenovo IdeaPad Slim 5,Lenovo,Laptop,64990,79990,5,draft\nX,,,,,,,\n';

const rows: ImportReport['rows'] = [
  { line: 2, sku: 'LN-1', name: 'Lenovo IdeaPad Slim 5', action: 'create', errors: [] },
  {
    line: 3,
    sku: 'X',
    name: null,
    action: 'error',
    errors: ['Please enter the product name', 'category must be Laptop, Desktop or Monitor'],
  },
];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeApi() {
  return vi.fn(async (url: string, _init?: RequestInit) => {
    const dryRun = url.endsWith('dryRun=true');
    return json(200, { dryRun, rows, valid: 1, invalid: 1, created: dryRun ? 0 : 1, updated: 0 } satisfies ImportReport);
  });
}

function renderImport() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VendorProductImport />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('VendorProductImport', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('lists the columns and links the template', () => {
    vi.stubGlobal('fetch', fakeApi());
    renderImport();
    expect(screen.getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe('/api/vendor/products/import/template');
    expect(screen.getAllByText('refresh_rate_hz').length).toBeGreaterThan(0);
    expect(screen.getByText(/Separate them with a semicolon/)).toBeTruthy();
  });

  it('asks for a file before checking', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderImport();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Please choose a CSV file')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the file, shows the report, then imports the valid rows', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderImport();

    const file = new File([CSV], 'products.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: 'Check of products.csv' });
    expect(within(table).getByText('Lenovo IdeaPad Slim 5')).toBeTruthy();
    expect(within(table).getByText('Please enter the product name')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/vendor/products/import?dryRun=true');
    expect(init?.body).toBe(CSV);
    expect(new Headers(init?.headers).get('content-type')).toBe('text/csv');

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 valid row' }));
    expect(await screen.findByText('Created 1, updated 0.')).toBeTruthy();
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/vendor/products/import?dryRun=false');
    const progress = screen.getByRole('progressbar', { name: 'Import complete' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Created 1, updated 0.').closest('[role="status"]')));
  });
});
