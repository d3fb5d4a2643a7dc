import type { Kysely } from 'kysely';

/**
 * What a shop must give before it may sell (seller onboarding): the legal name its GST
 * registration is in, its PAN, and the bank account settlements are paid into. A shop is approved
 * only once these, a valid GSTIN and a pickup address are in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['legal_name', 'pan', 'bank_account_holder', 'bank_account_number', 'bank_ifsc']) {
    await db.schema.alterTable('vendors').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['bank_ifsc', 'bank_account_number', 'bank_account_holder', 'pan', 'legal_name']) {
    await db.schema.alterTable('vendors').dropColumn(column).execute();
  }
}
