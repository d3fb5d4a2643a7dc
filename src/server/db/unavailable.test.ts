import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN'])('counts the network error %s', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it.each([
    ['08006', 'connection failure'],
    ['08001', 'sqlclient unable to establish sqlconnection'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
  ])('counts the PostgreSQL error %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(coded(code, message))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])("counts pg's uncoded '%s'", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it.each(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE'])('counts SQLite’s %s', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it('counts a real SQLITE_BUSY from better-sqlite3', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-busy-'));
    const file = path.join(dir, 'store.db');
    const holder = new SqliteDatabase(file);
    const writer = new SqliteDatabase(file);
    try {
      holder.exec('CREATE TABLE t (x INTEGER)');
      writer.pragma('busy_timeout = 0');
      holder.exec('BEGIN EXCLUSIVE');
      let thrown: unknown;
      try {
        writer.exec('INSERT INTO t VALUES (1)');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SqliteDatabase.SqliteError);
      expect(isDatabaseUnavailable(thrown)).toBe(true);
    } finally {
      holder.close();
      writer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('looks through causes and aggregated errors', () => {
    expect(isDatabaseUnavailable(new Error('Failed to get session', { cause: coded('ECONNREFUSED') }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed')))).toBe(
      true,
    );
  });

  it('leaves other errors alone', () => {
    for (const error of [
      new Error('boom'),
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('40001', 'could not serialize access'),
      coded('42P01', 'relation "nope" does not exist'),
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      coded('SQLITE_ERROR'),
      coded('ENOENT'),
      new TypeError('x is undefined'),
      'Connection terminated',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('does not loop on a cause that refers back to itself', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
