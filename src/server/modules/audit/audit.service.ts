import type { AuditEntry } from '#shared/schemas/admin.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { createAuditReader } from './audit-reader.ts';
import { type AuditFilter, type NewAuditEntry, recordAudit } from './audit.repository.ts';

export type { AuditFilter, NewAuditEntry };

/**
 * The audit log of admin actions: who acted, on what, the fields before and after, and why. Every
 * module that audits an action writes it here, in the action's transaction when it passes one, so
 * the action and its entry commit together; the admin area reads it, with names.
 */
export function createAuditService(deps: {
  db: Db;
  users: UsersService;
  catalog: CatalogService;
  vendors: VendorsService;
  payments: PaymentsService;
  orders: OrdersService;
}) {
  const { db } = deps;
  const reader = createAuditReader(deps);
  return {
    /** One entry; in `tx` when given, else on its own. */
    record: (entry: NewAuditEntry, tx: DbOrTx = db): Promise<void> => recordAudit(tx, entry),
    /** A page of the log, newest first, with the actors and what they acted on named. */
    list: (filter: AuditFilter): Promise<{ items: AuditEntry[]; total: number }> => reader.list(filter),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
