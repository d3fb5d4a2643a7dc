import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request, type ServerProcess, startServer } from '#server/testing/server-process.ts';

/**
 * A POST whose body the test sends itself, in pieces, over a keep-alive connection (as a load
 * balancer would). `accepted` resolves on the server's "100 Continue": it is handling the request.
 */
function slowRequest(port: number, url: string) {
  const agent = new http.Agent({ keepAlive: true });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: url,
    agent,
    headers: { 'content-type': 'application/json', expect: '100-continue' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const accepted = new Promise((resolve) => req.once('continue', resolve));
  req.flushHeaders();
  return { req, response, accepted, agent };
}

/** Whether new connections are refused within a few seconds (at once, unless the machine is busy). */
async function refusedSoon(port: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    try {
      await request(port, 'GET', '/api/health');
    } catch (error) {
      if ((error as { code?: string }).code === 'ECONNREFUSED') return true;
      throw error;
    }
    await sleep(100);
  }
  return false;
}

describe('graceful shutdown of a server process (SQLite)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  const start = (env: Record<string, string> = {}) =>
    startServer({ DATABASE_URL: `sqlite:${path.join(dataDir, 'store.db')}`, DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(32), ...env });

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'store-shutdown-'));
  });
  afterEach(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM refuses new connections, finishes the request in flight and exits with 0', async () => {
    server = await start();
    expect((await request(server.port, 'GET', '/api/health')).status).toBe(200);

    // A cart quote whose body arrives in two halves, with the signal in between.
    const body = JSON.stringify({ items: [{ productId: 999_999, quantity: 2 }] });
    const inFlight = slowRequest(server.port, '/api/cart/quote');
    await inFlight.accepted;
    inFlight.req.write(body.slice(0, 10));
    await sleep(100);

    server.child.kill('SIGTERM');
    await sleep(300);
    expect(await refusedSoon(server.port)).toBe(true);
    expect(server.child.exitCode).toBeNull();

    inFlight.req.end(body.slice(10));
    const answer = await inFlight.response;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).items[0]).toMatchObject({ productId: 999_999, status: 'unavailable' });
    // The keep-alive connection is closed after the answer, so it does not hold the process open.
    const started = Date.now();
    expect(await server.exited, server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000);
    inFlight.agent.destroy();
  });

  it('closes a request still stuck after the grace period and exits with 1', async () => {
    server = await start({ SHUTDOWN_GRACE_SECONDS: '1' });
    const stuck = slowRequest(server.port, '/api/cart/quote');
    await stuck.accepted;
    stuck.req.write('{"items":');
    await sleep(100);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect(stuck.response).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(await server.exited, server.output()).toBe(1);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(server.output()).toContain('Requests still running 1 s after SIGTERM');
    stuck.agent.destroy();
  });
});
