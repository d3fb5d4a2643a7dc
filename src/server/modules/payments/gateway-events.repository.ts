import { type DbOrTx, toIso } from '#server/db/database.ts';

export interface StoredEvent {
  id: number;
  eventId: string;
  event: string;
  payload: string;
  processed: boolean;
  receivedAt: string;
}

type Row = { id: number; event_id: string; event: string; payload: string; processed_at: string | Date | null; received_at: string | Date };
const columns = ['id', 'event_id', 'event', 'payload', 'processed_at', 'received_at'] as const;
const toEvent = (row: Row): StoredEvent => ({
  id: row.id,
  eventId: row.event_id,
  event: row.event,
  payload: row.payload,
  processed: row.processed_at !== null,
  receivedAt: toIso(row.received_at),
});

/** Stores a webhook once by its event id; a repeat gets the stored one (and whether it was acted on). */
export async function storeOnce(db: DbOrTx, provider: string, eventId: string, event: string, payload: string): Promise<StoredEvent> {
  await db
    .insertInto('gateway_events')
    .values({ provider, event_id: eventId, event, payload, received_at: new Date().toISOString(), processed_at: null, error: null })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('gateway_events')
    .select(columns)
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return toEvent(row);
}

export async function markProcessed(db: DbOrTx, id: number): Promise<void> {
  await db.updateTable('gateway_events').set({ processed_at: new Date().toISOString(), error: null }).where('id', '=', id).execute();
}

export async function markFailed(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .updateTable('gateway_events')
    .set({ error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

/** Events stored but not acted on (a crash, a refund not recorded yet), received in the window, oldest first. */
export async function unprocessed(db: DbOrTx, provider: string, after: Date, before: Date, limit = 100): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('gateway_events')
    .select(columns)
    .where('provider', '=', provider)
    .where('processed_at', 'is', null)
    .where('received_at', '>', after.toISOString())
    .where('received_at', '<', before.toISOString())
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toEvent);
}

/** How many events of this id are stored (tests, and the admin's look at a webhook). */
export async function countOf(db: DbOrTx, provider: string, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('gateway_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
