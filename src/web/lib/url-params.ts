/** URL search params as list state: filters, sort and page live in the address bar. */

/** A copy of the params with one value set (or removed); any change but the page goes back to page 1. */
export function withParam(params: URLSearchParams, key: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}

/** `?a=1&b=2`, or '' when there is nothing. */
export function searchOf(params: URLSearchParams): string {
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** A page number from the URL; anything unreadable is page 1. */
export function readPage(params: URLSearchParams): number {
  const text = params.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}
