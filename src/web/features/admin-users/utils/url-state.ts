/** A copy of the params with one value set (or removed); any change but the page goes back to page 1. */
export function withParam(params: URLSearchParams, key: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}

export function searchOf(params: URLSearchParams): string {
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** A page number from the URL; anything unreadable is page 1. */
export function readPage(params: URLSearchParams): number {
  const text = params.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}

/** The value if it is one of the allowed ones, else undefined. */
export function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((item) => item === value);
}
