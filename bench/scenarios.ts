import { autocannon, type AutocannonRequest } from './autocannon.ts';
import { call, largestPeakMb, treeMemoryMb } from './processes.ts';
import { CONNECTIONS, SECONDS } from './settings.ts';
import type { WriterReport } from './writer.ts';

/** Scenarios: what each measures, against which target, and how a row of the table is made. */

export interface Target {
  /** minimum requests/s as a share of the baseline's */
  ratio?: number;
  /** maximum p99 in ms */
  p99?: number;
}

export interface Scenario {
  name: string;
  requests: AutocannonRequest[];
  target?: Target;
  /** answers other than 2xx are part of the scenario (checkout runs out of stock) */
  expectsNon2xx?: boolean;
}

export interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  memoryMb: number;
  ratio: number;
  /** requests answered, whatever the status */
  answered: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  non2xx: number;
  expectsNon2xx: boolean;
  target?: Target;
  met?: boolean;
  writer?: WriterReport;
}

export async function measure(origin: string, scenario: Scenario, serverPid: number | undefined, baselineRps: number): Promise<Row> {
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: SECONDS, requests: scenario.requests });
  const rps = result.requests.average;
  const ratio = baselineRps > 0 ? rps / baselineRps : 1;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  const target = scenario.target;
  const clean = result.requests.total > 0 && result.errors === 0 && (scenario.expectsNon2xx || result.non2xx === 0);
  const met = target
    ? clean && (target.ratio === undefined || ratio >= target.ratio) && (target.p99 === undefined || result.latency.p99 < target.p99)
    : undefined;
  const row: Row = {
    scenario: scenario.name,
    rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    memoryMb: serverPid ? treeMemoryMb(serverPid) : Number.NaN,
    ratio,
    answered: result.requests.total,
    statusCodes,
    // autocannon counts a timeout as an error too; here each is counted once.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    expectsNon2xx: Boolean(scenario.expectsNon2xx),
    target,
    met,
  };
  // Where in the run a worker's peak comes: it only grows.
  const peak = serverPid ? `, the largest process's peak so far ${largestPeakMb(serverPid).toFixed(0)} MB` : '';
  console.log(`  ${scenario.name}: ${rps.toFixed(0)} req/s, p99 ${row.p99} ms${peak}`);
  return row;
}

/** A read scenario under the writer: the writer starts with the load and is stopped (its edits followed) after it. */
export async function measureWhileEditing(
  origin: string,
  scenario: Scenario,
  serverPid: number,
  baselineRps: number,
  startEditing: () => { stop: () => Promise<WriterReport> },
): Promise<Row> {
  const writer = startEditing();
  const row = await measure(origin, scenario, serverPid, baselineRps);
  row.writer = await writer.stop();
  console.log(`    writer: ${row.writer.edits} edits, ${row.writer.errors.length} errors`);
  return row;
}

/** A few requests first (more for drawn ones): a wrong setup should fail loudly, not hide in a throughput number. */
export async function check(origin: string, scenario: Scenario): Promise<void> {
  for (const request of scenario.requests.slice(0, 3)) {
    for (let n = 0; n < (request.setupRequest ? 30 : 1); n++) {
      const prepared = request.setupRequest ? request.setupRequest({ ...request }) : request;
      const response = await call(origin + (prepared.path as string), {
        method: prepared.method ?? 'GET',
        headers: prepared.headers,
        body: prepared.body,
      });
      if (!response.ok) throw new Error(`${scenario.name}: ${prepared.path} answered ${response.status}: ${await response.text()}`);
    }
  }
}

export const get = (paths: string[]): AutocannonRequest[] => paths.map((p) => ({ method: 'GET', path: p }));

/** The session cookies a sign-in or registration answered with, ready to send back. */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
