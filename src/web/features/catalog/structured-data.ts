import { CATEGORY_LABELS, type Category } from '#shared/categories.ts';
import { TRANSIT_DAYS } from '#shared/delivery.ts';
import { formatPrice, PAISE_PER_RUPEE } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { shippingFor } from '#shared/shipping.ts';
import { RETURN_WINDOW_DAYS } from '#shared/store-info.ts';
import { paths } from '#web/config/paths.ts';

/** What search engines show under a product's title: its price, seller and the start of its description. */
export function productDescription(product: Product): string {
  const start = `${product.name} for ${formatPrice(product.price)}, sold by ${product.vendor.name}. `;
  const room = 160 - start.length;
  const text =
    product.description.length > room ? `${product.description.slice(0, room - 1).replace(/\s+\S*$/, '')}…` : product.description;
  return start + text;
}

/** A visible review, as the page shows it. */
interface ShownReview {
  rating: number;
  title: string;
  text: string;
  author: string;
  createdAt: string;
}

/** What the store does with returns (src/shared/store-info.ts): any product, within 10 days of delivery, anywhere in India. */
function returnPolicyJsonLd(): object {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'IN',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_WINDOW_DAYS,
  };
}

/**
 * Delivery within India as src/shared/shipping.ts and delivery.ts promise it: free from ₹999 (₹99
 * below), the seller's dispatch days, then 1 (same city) to 8 (the special zones) working days in transit.
 */
function shippingJsonLd(price: number, dispatchDays: number, rupees: (paise: number) => string): object {
  const transit = Object.values(TRANSIT_DAYS);
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: rupees(shippingFor(price)), currency: 'INR' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: dispatchDays, maxValue: dispatchDays, unitCode: 'DAY' },
      transitTime: { '@type': 'QuantitativeValue', minValue: Math.min(...transit), maxValue: Math.max(...transit), unitCode: 'DAY' },
    },
  };
}

/**
 * schema.org `Product` with one `Offer` per seller, in rupees (https://schema.org/Product, Google's
 * merchant listings): each with its seller, price, stock, delivery and the store's return policy;
 * its customers' `AggregateRating` when it has reviews, and the reviews the page shows. No
 * `priceValidUntil`: sellers may change a price at any time, so no date would be true. No GTIN or
 * MPN: the catalogue does not keep them.
 */
export function productJsonLd(
  product: Product,
  origin: string,
  rating?: { average: number | null; count: number },
  reviews: readonly ShownReview[] = [],
): object {
  const url = `${origin}${paths.product(product.id)}`;
  const rupees = (paise: number) => (paise / PAISE_PER_RUPEE).toFixed(2);
  const returns = returnPolicyJsonLd();
  const offers = product.offers.map((offer) => ({
    '@type': 'Offer',
    url,
    priceCurrency: 'INR',
    price: rupees(offer.price),
    itemCondition: 'https://schema.org/NewCondition',
    availability: offer.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    seller: { '@type': 'Organization', name: offer.vendor.name, url: `${origin}${paths.vendorStore(offer.vendor.slug)}` },
    shippingDetails: shippingJsonLd(offer.price, offer.dispatchDays, rupees),
    hasMerchantReturnPolicy: returns,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: product.images.map((image) => `${origin}${image}`),
    description: product.description,
    sku: String(product.id),
    brand: { '@type': 'Brand', name: product.brand },
    category: CATEGORY_LABELS[product.category].plural,
    url,
    offers: offers.length === 1 ? offers[0] : offers,
    ...(rating && rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            '@type': 'Review',
            name: review.title,
            reviewBody: review.text,
            datePublished: review.createdAt.slice(0, 10),
            author: { '@type': 'Person', name: review.author },
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** schema.org `BreadcrumbList`: home, the category, and the product when there is one. */
export function breadcrumbJsonLd(origin: string, category: Category, product?: Product): object {
  const crumbs = [
    { name: 'Home', path: paths.home() },
    { name: CATEGORY_LABELS[category].plural, path: paths.category(category) },
    ...(product ? [{ name: product.name, path: paths.product(product.id) }] : []),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/** The all-products listing's schema.org `BreadcrumbList`: home, then all products. */
export function productsBreadcrumbJsonLd(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}${paths.home()}` },
      { '@type': 'ListItem', position: 2, name: 'All products', item: `${origin}${paths.products()}` },
    ],
  };
}
