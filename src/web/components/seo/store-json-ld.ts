// Apart from the product's structured data (catalog/structured-data.ts), so the home page carries only this.

/** The home page's schema.org `Organization` and `WebSite`, whose search box is /search?q=…. */
export function storeJsonLd(origin: string, store: { name: string }): object[] {
  return [
    { '@context': 'https://schema.org', '@type': 'Organization', name: store.name, url: `${origin}/`, logo: `${origin}/favicon.svg` },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: store.name,
      url: `${origin}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
