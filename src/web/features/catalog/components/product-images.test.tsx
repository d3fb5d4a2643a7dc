import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/catalog.ts';
import { ProductCard, ProductGrid } from './product-card.tsx';
import { ProductDetails } from './product-details.tsx';

function product(id: number): Product {
  return {
    id,
    vendor: { id: 1, name: 'Nehru Place Computers', slug: 'nehru-place' },
    name: `ThinkPad X${id}`,
    slug: `thinkpad-x${id}`,
    brand: 'Lenovo',
    category: 'Laptop',
    description: 'A light business laptop.',
    price: 9_999_000,
    mrp: 11_999_000,
    stock: 5,
    images: [`/catalog/thinkpad-x${id}-1.svg`, `/catalog/thinkpad-x${id}-2.svg`, `/catalog/thinkpad-x${id}-3.svg`],
    specs: {
      processor: 'Intel Core Ultra 7',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      displaySizeIn: 14,
      graphics: 'Intel Arc',
      os: 'Windows 11',
      weightKg: 1.1,
      batteryWh: 57,
    },
    status: 'active',
    featured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    offerId: null,
    sellerCount: 1,
    offers: [],
    rating: null,
  };
}

// Explicit width and height keep the 4:3 box from shifting while a photo loads (the catalogue's SVGs are 800×600).
function expectSized(image: HTMLElement, width: string, height: string) {
  expect(image.getAttribute('width')).toBe(width);
  expect(image.getAttribute('height')).toBe(height);
}

describe('product images', () => {
  afterEach(cleanup);

  it('a product card loads its photo lazily, with its size', () => {
    render(<ProductCard product={product(1)} />, { wrapper: MemoryRouter });
    const image = screen.getByRole('img', { name: 'ThinkPad X1' });
    expect(image.getAttribute('loading')).toBe('lazy');
    expectSized(image, '800', '600');
  });

  it('a grid loads the cards of its first row eagerly and the rest lazily', () => {
    render(<ProductGrid products={[product(1), product(2), product(3)]} eagerCount={2} />, { wrapper: MemoryRouter });
    const loading = screen.getAllByRole('img').map((image) => image.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'lazy']);
  });

  it("the product page's main image is eager and fetched first; its thumbnails are sized", () => {
    render(<ProductDetails product={product(7)} actions={null} />, { wrapper: MemoryRouter });
    const main = screen.getByRole('img', { name: 'ThinkPad X7, image 1 of 3' });
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expectSized(main, '800', '600');

    const thumbnails = screen.getAllByRole('button', { name: /^Show image/ }).map((button) => button.querySelector('img'));
    expect(thumbnails).toHaveLength(3);
    for (const thumbnail of thumbnails) {
      expect(thumbnail?.getAttribute('loading')).not.toBe('lazy');
      expectSized(thumbnail!, '96', '72');
    }
  });
});
