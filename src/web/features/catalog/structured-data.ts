import { CATEGORY_LABELS, type Category } from '#shared/categories.ts';
import { formatPrice, PAISE_PER_RUPEE } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { paths } from '#web/config/paths.ts';

/** What search engines show under a product's title: its price, seller and the start of its description. */
export function productDescription(product: Product): string {
  const start = `${product.name} for ${formatPrice(product.price)}, sold by ${product.vendor.name}. `;
  const room = 160 - start.length;
  const text =
    product.description.length > room ? `${product.description.slice(0, room - 1).replace(/\s+\S*$/, '')}…` : product.description;
  return start + text;
}

/**
 * schema.org `Product` with its offer, in rupees (https://schema.org/Product, Google's product
 * snippets): the buy box's, or with several sellers an `AggregateOffer` of their prices; and its
 * customers' `AggregateRating` when it has reviews.
 */
export function productJsonLd(product: Product, origin: string, rating?: { average: number | null; count: number }): object {
  const url = `${origin}${paths.product(product.id)}`;
  const rupees = (paise: number) => (paise / PAISE_PER_RUPEE).toFixed(2);
  const prices = product.offers.map((offer) => offer.price);
  const many = prices.length > 1;
  const offers = {
    '@type': many ? 'AggregateOffer' : 'Offer',
    url,
    priceCurrency: 'INR',
    availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    ...(many
      ? { lowPrice: rupees(Math.min(...prices)), highPrice: rupees(Math.max(...prices)), offerCount: prices.length }
      : {
          price: rupees(product.price),
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: product.vendor.name, url: `${origin}${paths.vendorStore(product.vendor.slug)}` },
        }),
  };
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
    offers,
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
