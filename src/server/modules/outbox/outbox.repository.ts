import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { OutboxTable } from '#server/db/schema.ts';

export type OutboxKind = OutboxTable['kind'];

export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  payload: unknown;
  ref: string | null;
  status: OutboxTable['status'];
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  doneAt: string | null;
}

type Row = Pick<OutboxTable, 'kind' | 'payload' | 'ref' | 'status' | 'last_error'> & {
  id: number;
  attempts: number;
  next_attempt_at: string | Date;
  created_at: string | Date;
  done_at: string | Date | null;
};
const columns = ['id', 'kind', 'payload', 'ref', 'status', 'attempts', 'last_error', 'next_attempt_at', 'created_at', 'done_at'] as const;

function toEntry(row: Row): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload),
    ref: row.ref,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: toIso(row.next_attempt_at),
    createdAt: toIso(row.created_at),
    doneAt: row.done_at === null ? null : toIso(row.done_at),
  };
}

export async function insertJob(db: DbOrTx, kind: OutboxKind, payload: unknown, ref: string | null, at: Date): Promise<number> {
  const iso = at.toISOString();
  const row = await db
    .insertInto('outbox')
    .values({
      kind,
      payload: JSON.stringify(payload),
      ref,
      status: 'pending',
      last_error: null,
      next_attempt_at: iso,
      locked_until: null,
      created_at: iso,
      done_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes a due job for one worker until `until`: a guarded update, so of several processes only
 * one gets it; a worker that dies holding it lets it go when `until` passes.
 */
export async function claimJob(db: DbOrTx, id: number, now: Date, until: Date): Promise<OutboxEntry | undefined> {
  const iso = now.toISOString();
  const result = await db
    .updateTable('outbox')
    .set((eb) => ({ locked_until: until.toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', iso)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db.selectFrom('outbox').select(columns).where('id', '=', id).executeTakeFirstOrThrow();
  return toEntry(row);
}

export async function markDone(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'done', done_at: at.toISOString(), locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: DbOrTx, id: number, error: string, retryAt: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ last_error: error.slice(0, 1000), next_attempt_at: retryAt.toISOString(), locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Ids of pending jobs that are due and not held by a worker, oldest first. */
export async function dueJobIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const iso = now.toISOString();
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', iso)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Makes a pending job due now (the admin's "retry now"). */
export async function makeDue(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ next_attempt_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function jobsAbout(db: DbOrTx, ref: string): Promise<OutboxEntry[]> {
  const rows = await db.selectFrom('outbox').select(columns).where('ref', '=', ref).orderBy('id').execute();
  return rows.map(toEntry);
}

export async function countPending(db: DbOrTx): Promise<number> {
  const { count } = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findJob(db: DbOrTx, id: number): Promise<OutboxEntry | undefined> {
  const row = await db.selectFrom('outbox').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/** For the admin: pending jobs first (oldest first), then recently finished ones. */
export async function listJobs(db: DbOrTx, filter: { status?: OutboxTable['status']; kind?: OutboxKind }, page: number, pageSize: number) {
  let query = db.selectFrom('outbox');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(columns)
    .orderBy((eb) => eb.case().when('status', '=', 'pending').then(0).else(1).end())
    .orderBy('id', filter.status === 'pending' ? 'asc' : 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toEntry), total: Number(count) };
}
