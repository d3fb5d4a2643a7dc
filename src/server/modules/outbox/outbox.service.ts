import type { Db, DbOrTx } from '#server/db/database.ts';
import type { OutboxTable } from '#server/db/schema.ts';
import * as repository from './outbox.repository.ts';

export type { OutboxEntry, OutboxKind } from './outbox.repository.ts';

/** How long a worker may hold a job before another process may take it over. */
const HOLD_MS = 2 * 60_000;
/** 10 s, 20 s, 40 s, … up to an hour between attempts; a job is never given up. */
export const retryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

type Handler = (payload: unknown, job: { id: number; attempts: number }) => Promise<void>;

/**
 * The outbox: work that must happen once a transaction commits (a refund through the gateway, a
 * mail) is written in that transaction as a job, then done right after the commit and, if that
 * fails or the process dies first, again by the worker on a timer until it succeeds. Handlers
 * must be idempotent (a job can run again after a crash between its effect and being marked
 * done): refunds carry the job's id as the gateway's idempotency key; a mail may be sent twice.
 */
export function createOutboxService({
  db,
  now = () => new Date(),
  log,
}: {
  db: Db;
  now?: () => Date;
  log?: (error: unknown, message: string) => void;
}) {
  const handlers = new Map<repository.OutboxKind, Handler>();

  /** Runs one job if it is due and nobody else holds it; true when it is done. */
  async function run(id: number): Promise<boolean> {
    const job = await repository.claimJob(db, id, now(), new Date(now().getTime() + HOLD_MS));
    if (!job) return false;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for ${job.kind} jobs`);
      await handler(job.payload, job);
      await repository.markDone(db, id, now());
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log?.(error, `Outbox job ${id} (${job.kind}) failed on attempt ${job.attempts}; it will be retried`);
      await repository
        .markFailed(db, id, message, new Date(now().getTime() + retryDelayMs(job.attempts)))
        .catch((markError: unknown) => log?.(markError, `Could not record the failure of outbox job ${id}`));
      return false;
    }
  }

  return {
    handle(kind: repository.OutboxKind, handler: Handler): void {
      handlers.set(kind, handler);
    },

    /** Writes a job; pass the transaction whose commit it must follow (undefined: none), and what it is about (`payment:12`). */
    enqueue: (tx: DbOrTx | undefined, kind: repository.OutboxKind, payload: unknown, ref: string | null = null) =>
      repository.insertJob(tx ?? db, kind, payload, ref, now()),

    /** Tries the given jobs now (after their transaction committed); failures stay queued. */
    async runNow(ids: readonly number[]): Promise<void> {
      for (const id of ids) await run(id);
    },

    /** One pass of the worker: every due job, oldest first. Safe to run on several processes at once. */
    async work(limit = 100): Promise<{ done: number; notDone: number }> {
      let done = 0;
      let notDone = 0;
      for (const id of await repository.dueJobIds(db, now(), limit)) {
        if (await run(id)) done++;
        else notDone++;
      }
      return { done, notDone };
    },

    find: (id: number) => repository.findJob(db, id),
    about: (ref: string) => repository.jobsAbout(db, ref),
    countPending: () => repository.countPending(db),

    /** The admin's "retry now": a pending job is made due and tried at once. */
    async retryNow(id: number): Promise<repository.OutboxEntry | undefined> {
      if (await repository.makeDue(db, id, now())) await run(id);
      return repository.findJob(db, id);
    },
    list: (filter: { status?: OutboxTable['status']; kind?: repository.OutboxKind }, page: number, pageSize: number) =>
      repository.listJobs(db, filter, page, pageSize),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
