import { PageMeta } from '#web/components/seo/page-meta.tsx';

/** A listing's page as search engines see it: its title, description and address. */
export interface ListingPage {
  title: string;
  description: string;
  path: string;
}

/**
 * One address per listing for search engines: a listing's pages are indexed (page 2 on is a page
 * of its own, titled "– Page 2" so no two share a title), a filtered or sorted view is left out of
 * results and points to the listing it narrows, and a search's results are followed, not indexed.
 */
export function ListingMeta({ title, description, path, params }: ListingPage & { params: URLSearchParams }) {
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isSafeInteger(asked) && asked > 1 ? asked : 1;
  const q = params.get('q')?.trim();
  const narrowed = [...params.keys()].some((key) => key !== 'page' && key !== 'q');
  const kept = new URLSearchParams();
  if (q) kept.set('q', q);
  if (!narrowed && page > 1) kept.set('page', String(page));
  const canonical = kept.size > 0 ? `${path}?${kept}` : path;
  const paged = (text: string) => {
    if (page === 1) return text;
    const cut = text.lastIndexOf(' · ');
    return cut < 0 ? `${text} – Page ${page}` : `${text.slice(0, cut)} – Page ${page}${text.slice(cut)}`;
  };
  return (
    <PageMeta
      title={paged(title)}
      description={page > 1 ? `Page ${page}. ${description}` : description}
      canonical={canonical}
      noindex={narrowed || q !== undefined}
    />
  );
}
