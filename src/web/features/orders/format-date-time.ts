const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/** "22 Nov 2026, 3:45 pm": one format for the whole store. */
export { formatDateTime } from '#web/lib/format.ts';

/** "3:45 pm" */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
