/** "22 Nov 2026, 3:45 pm" and "3:45 pm" in India time: one format for the whole store. */
export { formatDateTime, formatTime } from '#web/lib/format.ts';
