/** "22 Nov 2026, 3:45 pm": one format for the whole store. */
export { formatDateTime } from '#web/lib/format.ts';
