import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** A healthy Redis answers in well under a millisecond; one that takes longer than this is treated as away. */
export const REDIS_COMMAND_TIMEOUT_MS = 100;

/**
 * Redis is a helper here (shared rate limits, word of catalogue changes), never something a
 * request waits for: while it is away a command fails at once instead of queueing until it is
 * back (no offline queue), one sent to a Redis that stopped answering fails after
 * REDIS_COMMAND_TIMEOUT_MS, and the client keeps reconnecting in the background, at most every
 * 2 s, for as long as the process lives. `duplicate()` copies these options.
 */
export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
};

/**
 * A Redis client that logs once when Redis becomes unreachable and once when it is back, rather
 * than once per failed reconnect or per request.
 */
export function createRedisClient(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, REDIS_OPTIONS);
  let reachable: boolean | undefined;
  // Every failed (re)connect is an 'error'; a QUIT at shutdown is not.
  redis.on('error', (error: Error) => {
    if (reachable === false) return;
    reachable = false;
    log.warn(
      { err: error },
      'Redis is unreachable: rate limits count for this machine alone, and other processes hear of catalogue changes by age, until it is back',
    );
  });
  redis.on('ready', () => {
    if (reachable === false) log.info('Redis is reachable again: rate limits are shared again');
    reachable = true;
  });
  return redis;
}

/** QUIT when connected (it waits for replies in flight), otherwise just drop the connection. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // the connection went away meanwhile
    }
  }
  redis.disconnect();
}
