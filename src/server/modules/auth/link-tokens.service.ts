import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DbOrTx } from '#server/db/database.ts';
import * as repository from './link-tokens.repository.ts';

const USED = 'used:';

/**
 * Single-use tokens of mailed links, other than Better Auth's own (password reset, e-mail
 * verification), kept the way it keeps those: a row of `verifications` whose identifier is the
 * SHA-256 of `<purpose>:<token>` (base64url, as its `storeIdentifier: 'hashed'`), so a copy of the
 * table opens nothing, with the value the link is for and its expiry; Better Auth's cleanup removes
 * it once expired. Issued and spent inside the caller's transaction, so the link, its mail and what
 * it confirms commit together. A spent token is kept (marked used) until it expires, so a second use
 * is told it was used rather than that it is unknown.
 */
export function createLinkTokens() {
  const identifier = (purpose: string, token: string) => createHash('sha256').update(`${purpose}:${token}`).digest('base64url');

  return {
    /** A new token for `value`, valid until `expiresAt`: the link carries it, the table only its hash. */
    async issue(tx: DbOrTx, purpose: string, value: string, at: Date, expiresAt: Date): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await repository.insertToken(tx, {
        id: randomUUID(),
        identifier: identifier(purpose, token),
        value,
        expiresAt: expiresAt.toISOString(),
        at: at.toISOString(),
      });
      return token;
    },

    /**
     * Spends a token by one guarded update: `spent` with its value for the one request that spends
     * it; `used` (with the value) for any later one, `expired`, or `unknown` for a wrong token.
     */
    async spend(
      tx: DbOrTx,
      purpose: string,
      token: string,
      at: Date,
    ): Promise<{ outcome: 'spent' | 'used'; value: string } | { outcome: 'expired' | 'unknown' }> {
      const row = await repository.findToken(tx, identifier(purpose, token));
      if (!row) return { outcome: 'unknown' };
      if (row.value.startsWith(USED)) return { outcome: 'used', value: row.value.slice(USED.length) };
      if (new Date(row.expiresAt).getTime() <= at.getTime()) return { outcome: 'expired' };
      if (!(await repository.markUsed(tx, row.id, row.value, `${USED}${row.value}`, at.toISOString())))
        return { outcome: 'used', value: row.value };
      return { outcome: 'spent', value: row.value };
    },
  };
}

export type LinkTokens = ReturnType<typeof createLinkTokens>;
