/** "22 Nov 2026, 3:45 pm": one format for the whole store. */
export { formatDateTime } from '#web/lib/format.ts';

/** A before/after value of an audit entry as compact JSON; "—" when there is none. */
export function compactJson(value: unknown): string {
  if (value === undefined || value === null) return '—';
  try {
    return JSON.stringify(value) ?? '—';
  } catch {
    return String(value);
  }
}

/** "vendor.approve" → "Vendor approve"; audit actions are free text, so this only tidies them. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}
