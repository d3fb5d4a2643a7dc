import { useParams } from 'react-router';
import { CATEGORY_LABELS, isCategory } from '#shared/categories.ts';
import { paths } from '#web/config/paths.ts';
import { ProductListing } from '#web/features/catalog/components/product-listing.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';
import NotFound from '../not-found.tsx';

export default function CategoryRoute() {
  const { category = '' } = useParams();
  const store = useStoreInfo();
  if (!isCategory(category)) return <NotFound />;
  const labels = CATEGORY_LABELS[category];
  return (
    <ProductListing
      key={category}
      category={category}
      title={labels.plural}
      meta={{
        title: `${labels.plural} · ${store.name}`,
        description: `Buy ${labels.plural.toLowerCase()} online from verified sellers across India: compare prices, specifications and stock, with GST invoice and manufacturer warranty.`,
        path: paths.category(category),
      }}
      intro={`${labels.blurb}, with GST invoice and manufacturer warranty.`}
    />
  );
}
