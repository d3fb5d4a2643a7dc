import { INDIA_TIME_ZONE } from '#shared/india-time.ts';

/** Every date and time is shown in India time, wherever the browser is. */
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA_TIME_ZONE });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: INDIA_TIME_ZONE,
});

/** 12 Mar 2025, 4:05 pm; the text as it is when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: INDIA_TIME_ZONE });

/** "3:45 pm" */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
