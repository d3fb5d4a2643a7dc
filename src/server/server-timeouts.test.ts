import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type ServerProcess, startServer } from '#server/testing/server-process.ts';

/** Opens a connection, writes `text`, and resolves when the server closes it: after how long, and what it said. */
function sendAndStall(port: number, text: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let started = 0;
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('connect', () => {
      started = performance.now();
      socket.write(text);
    });
    socket.on('error', () => {}); // a reset is a close too
    socket.on('close', () => resolve({ closedAfterMs: performance.now() - started, answer }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error('The server kept the stalled connection open for 10 s'));
    }, 10_000).unref();
  });
}

describe('server timeouts: a slow client cannot hold a connection open', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'store-timeouts-'));
    server = await startServer({
      DATABASE_URL: 'sqlite::memory:',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
      KEEP_ALIVE_TIMEOUT_SECONDS: '3',
    });
  });
  afterAll(async () => {
    const code = await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(code, server?.output()).toBe(0);
  });

  it('closes a connection that sent half its headers and stalled, once HEADERS_TIMEOUT_SECONDS have passed', async () => {
    const { closedAfterMs, answer } = await sendAndStall(server.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow');
    expect(closedAfterMs).toBeGreaterThan(900);
    expect(closedAfterMs).toBeLessThan(2_500); // 1 s, checked every half second
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that sent its headers but only part of its body, once REQUEST_TIMEOUT_SECONDS have passed', async () => {
    const { closedAfterMs, answer } = await sendAndStall(
      server.port,
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":"Slow',
    );
    expect(closedAfterMs).toBeGreaterThan(1_900);
    expect(closedAfterMs).toBeLessThan(3_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('keeps an idle keep-alive connection for KEEP_ALIVE_TIMEOUT_SECONDS (not cut at the headers timeout), then closes it', async () => {
    const { closedAfterMs, answer } = await sendAndStall(server.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/keep-alive: timeout=3/i);
    expect(closedAfterMs).toBeGreaterThan(2_900);
    expect(closedAfterMs).toBeLessThan(5_500); // Node adds a second of its own to the keep-alive timeout
  });

  it('still serves everyone else meanwhile', async () => {
    const stalled = sendAndStall(server.port, 'GET /api/health HTTP/1.1\r\n');
    const response = await request(server.port, 'GET', '/api/health');
    expect(response.status).toBe(200);
    await stalled;
  });
});
