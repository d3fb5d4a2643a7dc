import type { AuditEntry } from '#shared/schemas/admin.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';

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

export async function listAudit(db: DbOrTx, filter: { entityType?: string; entityId?: string; page: number; pageSize: number }): Promise<{ items: AuditEntry[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize).execute();
  return {
    total: Number(total.n),
    items: rows.map((row) => ({
      id: row.id,
      actor: { id: row.actor_id, email: row.actor_email },
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      before: row.before === null ? null : JSON.parse(row.before),
      after: row.after === null ? null : JSON.parse(row.after),
      reason: row.reason,
      createdAt: toIso(row.created_at),
    })),
  };
}
