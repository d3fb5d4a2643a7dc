import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run admin:create` without a terminal, as a container or a deploy script runs it. */
describe('admin:create without a terminal', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'admin-create-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], env: Record<string, string> = {}, input = '') => {
    const result = spawnSync(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'scripts/admin-create.ts', ...args],
      {
        input, // a pipe, not a terminal
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${dir}/store.db`, DATA_DIR: dir, ...env },
        timeout: 60_000,
      },
    );
    return { code: result.status, out: result.stdout, err: result.stderr };
  };
  const admins = () => {
    const db = new Database(`${dir}/store.db`, { readonly: true });
    try {
      return db.prepare("SELECT email, name, email_verified AS verified FROM users WHERE role = 'admin' ORDER BY email").all();
    } finally {
      db.close();
    }
  };

  it('says what is missing instead of waiting for a prompt', () => {
    const { code, err } = run([]);
    expect(code).toBe(2);
    expect(err).toContain(
      'There is no terminal to ask on: give an e-mail (--email or ADMIN_EMAIL) and a password (--password-stdin or ADMIN_PASSWORD).',
    );
  });

  it('creates the admin from flags with the password on standard input, then from the environment; an existing one is left alone', () => {
    const fromFlags = run(['--email', 'Ops@Shop.in', '--name', 'Ops Team', '--password-stdin'], {}, 'a-long-password\n');
    expect(fromFlags.code, fromFlags.err).toBe(0);
    expect(fromFlags.out).toContain('Admin ops@shop.in created.');
    const fromEnv = run([], { ADMIN_EMAIL: 'env@shop.in', ADMIN_PASSWORD: 'another-password' });
    expect(fromEnv.code, fromEnv.err).toBe(0);
    const again = run([], { ADMIN_EMAIL: 'env@shop.in', ADMIN_PASSWORD: 'changed-password' });
    expect(again.code).toBe(0);
    expect(again.out).toContain('An account with env@shop.in already exists; nothing changed.');
    expect(admins()).toEqual([
      { email: 'env@shop.in', name: 'Store Admin', verified: 1 },
      { email: 'ops@shop.in', name: 'Ops Team', verified: 1 },
    ]);
  });

  it('refuses a short password and an unknown flag', () => {
    expect(run(['--email', 'x@shop.in', '--password-stdin'], {}, 'short\n')).toMatchObject({
      code: 2,
      err: expect.stringContaining('The password must be 8 to 128 characters.'),
    });
    expect(run(['--bogus'])).toMatchObject({ code: 2, err: expect.stringContaining("Unknown option '--bogus'") });
  });
});
