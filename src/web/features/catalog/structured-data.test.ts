import { describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { productJsonLd } from './structured-data.ts';

const seller = (id: number, name: string) => ({ id, name, slug: name.toLowerCase().replace(/ /g, '-') });
const product = {
  id: 7,
  name: 'Dell 24 Monitor',
  brand: 'Dell',
  category: 'Monitor',
  description: 'A 24-inch IPS monitor.',
  images: ['/catalog/dell-24.svg'],
  price: rupees(899),
  stock: 3,
  vendor: seller(1, 'Lamington Road Traders'),
  offers: [
    { id: 1, vendor: seller(1, 'Lamington Road Traders'), price: rupees(899), mrp: rupees(999), stock: 3, dispatchDays: 1 },
    { id: 2, vendor: seller(2, 'Nehru Place Computers'), price: rupees(1_200), mrp: rupees(1_300), stock: 0, dispatchDays: 3 },
  ],
} as unknown as Product;

describe('a product’s structured data', () => {
  const data = productJsonLd(product, 'https://circuitbazaar.example', { average: 4.5, count: 2 }, [
    { rating: 5, title: 'Sharp', text: 'Crisp text.', author: 'Asha R.', createdAt: '2026-11-02T10:00:00.000Z' },
  ]) as Record<string, unknown>;
  interface OfferLd {
    '@type': string;
    price: string;
    availability: string;
    seller: { name: string };
    shippingDetails: { shippingRate: { value: string }; deliveryTime: { handlingTime: { maxValue: number } } };
    hasMerchantReturnPolicy: object;
  }
  const offers = data.offers as OfferLd[];

  it('has one Offer per seller with its own price, stock, delivery charge and dispatch days', () => {
    expect(offers.map((offer) => [offer['@type'], offer.price, offer.availability, offer.seller.name])).toEqual([
      ['Offer', '899.00', 'https://schema.org/InStock', 'Lamington Road Traders'],
      ['Offer', '1200.00', 'https://schema.org/OutOfStock', 'Nehru Place Computers'],
    ]);
    // ₹99 below ₹999, free from it (src/shared/shipping.ts).
    expect(offers.map((offer) => offer.shippingDetails.shippingRate.value)).toEqual(['99.00', '0.00']);
    expect(offers.map((offer) => offer.shippingDetails.deliveryTime.handlingTime.maxValue)).toEqual([1, 3]);
    expect(offers[0]?.hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: 10, applicableCountry: 'IN' });
    expect(data).not.toHaveProperty('gtin13');
    expect(data).not.toHaveProperty('mpn');
  });

  it('marks up the reviews the page shows', () => {
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        name: 'Sharp',
        reviewBody: 'Crisp text.',
        datePublished: '2026-11-02',
        author: { '@type': 'Person', name: 'Asha R.' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
    ]);
  });
});
