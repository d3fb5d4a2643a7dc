import { sql } from 'kysely';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import { containing } from '#server/db/like.ts';

export interface NewAuditEntry {
  actor: { id: string; email: string };
  action: string;
  entityType: 'user' | 'vendor' | 'product' | 'payment' | 'outbox' | 'coupon' | 'review' | 'return';
  entityId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export async function recordAudit(db: DbOrTx, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  /** words of the actor's e-mail address */
  actor?: string;
  page: number;
  pageSize: number;
}

/** The entries as stored: who acted by id and e-mail, what by type and id (audit-reader.ts names them). */
export async function listAudit(db: DbOrTx, filter: AuditFilter): Promise<{ items: AuditEntry[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  if (filter.actor) {
    query = query.where(sql<boolean>`lower(actor_email) like ${containing(filter.actor)} escape '\\'`);
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return {
    total: Number(total.n),
    items: rows.map((row) => ({
      id: row.id,
      actor: { id: row.actor_id, email: row.actor_email, name: null },
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      subject: null,
      before: row.before === null ? null : JSON.parse(row.before),
      after: row.after === null ? null : JSON.parse(row.after),
      reason: row.reason,
      createdAt: toIso(row.created_at),
    })),
  };
}
