import { use } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/schemas/catalog.ts';
import { PriceTag } from '#web/components/ui/price-tag.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { RatingBadge } from '#web/components/ui/rating-badge.tsx';
import { StockLabel } from '#web/components/ui/stock-label.tsx';
import { paths } from '#web/config/paths.ts';
import { keySpecs } from '../spec-rows.ts';
import { ProductCardExtras } from './product-card-extras.ts';

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const extras = use(ProductCardExtras);
  return (
    <article className="group relative flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md min-[480px]:flex-col">
      <div className="aspect-[4/3] w-32 shrink-0 self-start bg-slate-100 min-[480px]:w-auto min-[480px]:self-auto">
        <ProductImage
          src={product.images[0]}
          alt={product.name}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 min-[480px]:gap-1.5 min-[480px]:p-4">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{product.brand}</p>
        <h3 className="text-base leading-snug font-semibold text-slate-900">
          <Link
            to={paths.product(product.id)}
            className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700 focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600">{keySpecs(product.category, product.specs)}</p>
        <RatingBadge rating={product.rating} />
        <div className="mt-auto pt-2">
          <PriceTag price={product.price} mrp={product.mrp} />
          {product.sellerCount > 1 && <p className="text-sm text-slate-600">from {product.sellerCount} sellers</p>}
          <StockLabel stock={product.stock} />
        </div>
        {extras?.(product)}
      </div>
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: Product[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} className="has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-brand-500 rounded-xl">
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
