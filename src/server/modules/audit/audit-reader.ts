import { formatPrice } from '#shared/money.ts';
import { orderNumber } from '#shared/order-number.ts';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import type { Db } from '#server/db/database.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import * as audit from './audit.repository.ts';

type Subject = NonNullable<AuditEntry['subject']>;

const wholeNumber = (text: string) => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : undefined);
const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * The audit log as a person reads it: whoever acted, by name and e-mail, and what they acted on
 * by name (a user's name and e-mail, a product's or shop's name, a payment's order and amount, a
 * return's product and order), each looked up through its own module once per page, as things are
 * now. Entries whose subject has gone keep their ids.
 */
export function createAuditReader(deps: {
  db: Db;
  users: UsersService;
  catalog: CatalogService;
  vendors: VendorsService;
  payments: PaymentsService;
  orders: OrdersService;
}) {
  const { db, users, catalog, vendors, payments, orders } = deps;

  async function name(entries: AuditEntry[]): Promise<AuditEntry[]> {
    const ids = (type: string) => unique(entries.filter((entry) => entry.entityType === type).map((entry) => entry.entityId));
    const numbers = (type: string) => ids(type).flatMap((id) => wholeNumber(id) ?? []);
    const reviewed = (entry: AuditEntry) => (entry.after as { productId?: unknown } | null)?.productId;
    const reviewedProducts = entries.flatMap((entry) => {
      const id = entry.entityType === 'review' ? reviewed(entry) : undefined;
      return typeof id === 'number' ? [id] : [];
    });
    const [people, products, shops, paid, returned] = await Promise.all([
      users.findByIds(unique([...entries.map((entry) => entry.actor.id), ...ids('user')])),
      catalog.names(unique([...numbers('product'), ...reviewedProducts])),
      Promise.all(numbers('vendor').map((id) => vendors.findById(id))),
      Promise.all(numbers('payment').map((id) => payments.find(id))),
      orders.returnSubjects(numbers('return')),
    ]);
    const person = new Map(people.map((user) => [user.id, user]));
    const shop = new Map(shops.flatMap((row) => (row ? [[String(row.id), row.name] as const] : [])));
    const payment = new Map(paid.flatMap((row) => (row ? [[String(row.id), row] as const] : [])));

    const subjectOf = (entry: AuditEntry): Subject | null => {
      const only = { product: null, orderNumber: null };
      switch (entry.entityType) {
        case 'user': {
          const user = person.get(entry.entityId);
          return user ? { name: user.name, detail: user.email, ...only } : null;
        }
        case 'product': {
          const product = products.get(wholeNumber(entry.entityId) ?? 0);
          return product ? { name: product, detail: null, ...only } : null;
        }
        case 'vendor': {
          const found = shop.get(entry.entityId);
          return found ? { name: found, detail: null, ...only } : null;
        }
        case 'payment': {
          const found = payment.get(entry.entityId);
          return found ? { name: `Payment of ${formatPrice(found.amount)}`, detail: `Order ${orderNumber(found.orderId)}`, ...only } : null;
        }
        case 'coupon': {
          const code = (entry.after as { code?: unknown } | null)?.code ?? (entry.before as { code?: unknown } | null)?.code;
          return typeof code === 'string' ? { name: `Coupon ${code}`, detail: null, ...only } : null;
        }
        case 'review': {
          const id = reviewed(entry);
          const product = typeof id === 'number' ? products.get(id) : undefined;
          return product ? { name: `Review of ${product}`, detail: null, ...only } : null;
        }
        case 'return': {
          // The product by its name on the order, which stays as it was bought.
          const found = returned.get(wholeNumber(entry.entityId) ?? 0);
          return found
            ? {
                name: `Return of ${found.productName}`,
                detail: `Order ${found.orderNumber}`,
                product: { id: found.productId, name: found.productName },
                orderNumber: found.orderNumber,
              }
            : null;
        }
        default:
          return null;
      }
    };

    return entries.map((entry) => ({
      ...entry,
      actor: { ...entry.actor, name: person.get(entry.actor.id)?.name ?? null },
      subject: subjectOf(entry),
    }));
  }

  return {
    /** A page of the log, newest first, with names. */
    async list(filter: audit.AuditFilter): Promise<{ items: AuditEntry[]; total: number }> {
      const { items, total } = await audit.listAudit(db, filter);
      return { items: await name(items), total };
    },
  };
}

export type AuditReader = ReturnType<typeof createAuditReader>;
