/** Writing sitemaps and sitemap indexes as the sitemaps.org protocol (0.9) describes them. */

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One `<url>` of a sitemap, or one `<sitemap>` of an index: an absolute address, and when it last changed (W3C datetime). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as it may stand inside an element; the protocol asks for all five entities to be escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

function element(tag: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry): string {
  const modified = lastmod === undefined ? '' : `<lastmod>${escapeXml(lastmod)}</lastmod>`;
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}</${tag}>`;
}

// One line per entry, written in a single pass over the entries.
function document(root: 'urlset' | 'sitemapindex', tag: 'url' | 'sitemap', entries: Iterable<SitemapEntry>): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<${root} xmlns="${NAMESPACE}">`];
  for (const entry of entries) lines.push(element(tag, entry));
  lines.push(`</${root}>`, '');
  return lines.join('\n');
}

/** A sitemap: the pages themselves. */
export function urlSet(entries: Iterable<SitemapEntry>): string {
  return document('urlset', 'url', entries);
}

/** A sitemap index: where the sitemaps are. */
export function sitemapIndex(entries: Iterable<SitemapEntry>): string {
  return document('sitemapindex', 'sitemap', entries);
}
