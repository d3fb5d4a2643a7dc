import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Two workers of a small cluster count through the store, one after the other: with the primary
 * counting, the second goes on from the first's count; with a primary that does not answer, each
 * counts alone (after PRIMARY_ANSWER_TIMEOUT_MS) and says so once.
 */
const SCRIPT = `
import cluster from 'node:cluster';
const { countRateLimitsForWorkers, machineStore } = await import(process.env.STORE_MODULE);
if (cluster.isPrimary) {
  if (process.env.ANSWER === 'yes') countRateLimitsForWorkers(cluster);
  const results = {};
  const next = () => {
    const worker = cluster.fork();
    worker.on('message', (message) => {
      if (!message.counted) return;
      results[worker.id] = message.counted;
      worker.kill();
      if (Object.keys(results).length === 2) console.log(JSON.stringify(results));
      else next();
    });
  };
  next();
} else {
  const warnings = [];
  const log = { warn: (message) => warnings.push(message) };
  const root = machineStore({}, log);
  // A route's limit, and two limiters of createRateLimit (no route: named by the order they were made in).
  const route = root.child({ routeInfo: { method: 'POST', url: '/api/contact' } });
  const first = root.child({ routeInfo: {} });
  const second = root.child({ routeInfo: {} });
  const incr = (store, key) => new Promise((resolve, reject) => store.incr(key, (error, count) => (error ? reject(error) : resolve(count.current)), 60_000, 5));
  const counted = { route: [], first: [], second: [] };
  for (let i = 0; i < 3; i++) counted.route.push(await incr(route, '10.0.0.1'));
  counted.first.push(await incr(first, '10.0.0.1'));
  counted.second.push(await incr(second, '10.0.0.1'));
  counted.warnings = warnings.length;
  process.send({ counted });
}
`;

async function run(answer: boolean): Promise<Record<string, { route: number[]; first: number[]; second: number[]; warnings: number }>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-machine-limits-'));
  const script = path.join(dir, 'cluster.mjs');
  writeFileSync(script, SCRIPT);
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', script],
      {
        env: {
          PATH: process.env.PATH,
          ANSWER: answer ? 'yes' : 'no',
          STORE_MODULE: pathToFileURL(path.resolve(import.meta.dirname, 'machine-rate-limit-store.ts')).href,
        },
        timeout: 15_000,
      },
    );
    return JSON.parse(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('machine rate-limit store', () => {
  it("counts every worker's requests in the primary, per limit, the same limit under the same name in each worker", async () => {
    expect(await run(true)).toEqual({
      1: { route: [1, 2, 3], first: [1], second: [1], warnings: 0 },
      2: { route: [4, 5, 6], first: [2], second: [2], warnings: 0 },
    });
  });

  it('counts in the worker alone when the primary does not answer, and says so once', async () => {
    expect(await run(false)).toEqual({
      1: { route: [1, 2, 3], first: [1], second: [1], warnings: 1 },
      2: { route: [1, 2, 3], first: [1], second: [1], warnings: 1 },
    });
  });
});
