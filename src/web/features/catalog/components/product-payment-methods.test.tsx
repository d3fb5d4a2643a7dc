import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { renderWithProviders } from '#web/testing/fake-api.tsx';
import { ProductDetails } from './product-details.tsx';

const product: Product = {
  id: 1,
  name: 'Dell XPS 15',
  vendor: { id: 1, name: 'Prepaid Only Store', slug: 'prepaid' },
  slug: 'dell-xps-15',
  brand: 'Dell',
  category: 'Laptop',
  description: '',
  price: rupees(61_000),
  mrp: rupees(70_000),
  stock: 10,
  images: [],
  specs: {},
  status: 'active',
  featured: false,
  createdAt: '',
  updatedAt: '',
  offerId: 1,
  sellerCount: 1,
  offers: [],
  rating: null,
} as unknown as Product;

describe('ProductDetails: the ways to pay', () => {
  afterEach(cleanup);

  it('never promises Cash on Delivery, which depends on the seller, the PIN code and the price', () => {
    renderWithProviders(<ProductDetails product={product} actions={null} />);
    expect(screen.queryByText(/Cash on Delivery/)).toBeNull();
    expect(screen.getByText('✓ UPI, Net Banking, cards and EMI')).toBeTruthy();
  });

  it('leaves EMI out below its minimum', () => {
    renderWithProviders(<ProductDetails product={{ ...product, price: rupees(2_500), mrp: rupees(3_000) }} actions={null} />);
    expect(screen.getByText('✓ UPI, Net Banking and cards')).toBeTruthy();
  });
});
