import type { Db } from '#server/db/database.ts';
import type { SandboxGatewayTable } from '#server/db/schema.ts';
import type { ChargeOutcome, ChargeRequest } from './payment-provider.ts';

type Entry = Pick<SandboxGatewayTable, 'kind' | 'idempotency_key' | 'reference' | 'status' | 'action' | 'reason'>;
const columns = ['kind', 'idempotency_key', 'reference', 'status', 'action', 'reason'] as const;

export function outcomeOf(entry: Entry): ChargeOutcome {
  if (entry.status === 'requires_action') return { status: 'requires_action', reference: entry.reference, action: entry.action ?? 'otp' };
  if (entry.status === 'failed') return { status: 'failed', reference: entry.reference, reason: entry.reason ?? 'The payment failed' };
  return { status: 'captured', reference: entry.reference };
}

export async function findByKey(db: Db, key: string): Promise<Entry | undefined> {
  return db.selectFrom('sandbox_gateway').select(columns).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function findByReference(db: Db, reference: string): Promise<Entry | undefined> {
  return db.selectFrom('sandbox_gateway').select(columns).where('reference', '=', reference).executeTakeFirst();
}

/** The first charge with a key wins; a concurrent second one with the same key gets the first's entry. */
export async function recordCharge(db: Db, key: string, request: ChargeRequest, outcome: ChargeOutcome): Promise<Entry> {
  const now = new Date().toISOString();
  await db
    .insertInto('sandbox_gateway')
    .values({
      kind: 'charge',
      idempotency_key: key,
      reference: outcome.reference,
      method: request.method,
      amount: request.amount,
      status: outcome.status,
      action: outcome.status === 'requires_action' ? outcome.action : null,
      reason: outcome.status === 'failed' ? outcome.reason : null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return (await findByKey(db, key))!;
}

export async function settle(db: Db, reference: string, status: 'captured' | 'failed', reason: string | null): Promise<void> {
  await db
    .updateTable('sandbox_gateway')
    .set({ status, reason, updated_at: new Date().toISOString() })
    .where('reference', '=', reference)
    .where('status', '=', 'requires_action')
    .execute();
}

export async function recordRefund(db: Db, key: string, chargeReference: string, amount: number, reference: string): Promise<string> {
  const now = new Date().toISOString();
  await db
    .insertInto('sandbox_gateway')
    .values({
      kind: 'refund',
      idempotency_key: key,
      reference,
      charge_reference: chargeReference,
      amount,
      status: 'refunded',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return (await findByKey(db, key))!.reference;
}

/** Money sent to a UPI ID or bank account (no charge behind it); the key makes a retry one payout. */
export async function recordPayout(db: Db, key: string, amount: number, reference: string): Promise<string> {
  const now = new Date().toISOString();
  await db
    .insertInto('sandbox_gateway')
    .values({
      kind: 'payout',
      idempotency_key: key,
      reference,
      charge_reference: null,
      amount,
      status: 'refunded',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return (await findByKey(db, key))!.reference;
}
