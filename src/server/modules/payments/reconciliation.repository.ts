import type { ReconciliationReport } from '#shared/schemas/reconciliation.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';

/** Keeps a day's report, replacing the one from an earlier run of the same day. */
export async function saveReport(db: DbOrTx, provider: string, report: ReconciliationReport): Promise<void> {
  const values = { provider, date: report.date, ran_at: report.ranAt, report: JSON.stringify(report) };
  await db
    .insertInto('reconciliation_reports')
    .values(values)
    .onConflict((oc) => oc.columns(['provider', 'date']).doUpdateSet({ ran_at: values.ran_at, report: values.report }))
    .execute();
}

export async function findReport(db: DbOrTx, provider: string, date: string): Promise<ReconciliationReport | undefined> {
  const row = await db
    .selectFrom('reconciliation_reports')
    .select(['report', 'ran_at'])
    .where('provider', '=', provider)
    .where('date', '=', date)
    .executeTakeFirst();
  return row ? { ...(JSON.parse(row.report) as ReconciliationReport), ranAt: toIso(row.ran_at) } : undefined;
}
