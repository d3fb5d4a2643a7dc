import { useStoreInfo } from '#web/lib/store-info.ts';

interface PageMetaProps {
  /** the document title, store name included */
  title: string;
  description?: string;
  /** the page's one address for search engines, as a path ("/product/12"); absent: none named */
  canonical?: string;
  /** keep the page out of search results (filtered listings, searches), while following its links */
  noindex?: boolean;
  /** a picture for link previews, as a path */
  image?: string;
  type?: 'website' | 'product';
}

/**
 * What search engines and link previews read of a page: title, description, canonical URL, robots
 * and Open Graph tags. React puts these in the document's head, on the server as in the browser
 * (the server moves them there from the start of the rendered page; see render-page.ts).
 */
export function PageMeta({ title, description, canonical, noindex = false, image, type = 'website' }: PageMetaProps) {
  const store = useStoreInfo();
  const absolute = (path: string) => `${store.url}${path}`;
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {canonical && <link rel="canonical" href={absolute(canonical)} />}
      <meta name="robots" content={noindex ? 'noindex, follow' : 'index, follow'} />
      <meta property="og:site_name" content={store.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      {canonical && <meta property="og:url" content={absolute(canonical)} />}
      {image && <meta property="og:image" content={absolute(image)} />}
    </>
  );
}

/**
 * schema.org data for search engines, as JSON-LD. `<` is escaped so no text in the data can end
 * the script element early.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
