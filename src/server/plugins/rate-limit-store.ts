import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteLimitOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's own two stores: CommonJS, with no types of their own.
const require = createRequire(import.meta.url);
const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean) => FastifyRateLimitStore = require('@fastify/rate-limit/store/LocalStore.js');
const RedisStore: new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, key: string) => FastifyRateLimitStore =
  require('@fastify/rate-limit/store/RedisStore.js');

interface Health {
  redis: Redis;
  /** a command failed on a connected client (a slow or broken Redis) */
  failed(error: Error): void;
  succeeded(): void;
}

/** One limit (the global one, or a route's): its count in Redis, and in this process as a fallback. */
class FallbackStore implements FastifyRateLimitStore {
  readonly #shared: FastifyRateLimitStore;
  readonly #local: FastifyRateLimitStore;
  readonly #health: Health;

  constructor(shared: FastifyRateLimitStore, local: FastifyRateLimitStore, health: Health) {
    this.#shared = shared;
    this.#local = local;
    this.#health = health;
  }

  incr(key: string, done: Counted, timeWindow: number, max: number): void {
    // Always counted here too, so what this process saw while Redis was away (or not yet
    // connected at start) still counts once it is back: the answer is the larger of the two.
    this.#local.incr(
      key,
      (localError, local) => {
        // Not connected: no Redis command can succeed now, so none is tried.
        if (this.#health.redis.status !== 'ready') return done(localError, local);
        this.#shared.incr(
          key,
          (error, shared) => {
            if (error || !shared) {
              this.#health.failed(error ?? new Error('Redis gave no count'));
              return done(localError, local);
            }
            this.#health.succeeded();
            done(null, local && local.current > shared.current ? local : shared);
          },
          timeWindow,
          max,
        );
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteLimitOptions): FastifyRateLimitStore {
    return new FallbackStore(this.#shared.child(routeOptions), this.#local.child(routeOptions), this.#health);
  }
}

/**
 * A store for @fastify/rate-limit that counts in Redis, shared by every process, while Redis
 * answers, and in this process's memory while it does not (not connected, or a command failed or
 * timed out), so a limit still holds per process rather than vanishing, and a request never
 * waits for Redis to come back. Counts made locally during an outage are not carried over to
 * Redis when it returns. Pass the client from redis-client.ts, whose commands fail fast.
 */
export function redisStoreWithLocalFallback({ redis, nameSpace, log }: { redis: Redis; nameSpace: string; log: FastifyBaseLogger }): FastifyRateLimitStoreCtor {
  // A lost connection is logged by the client; failing commands on a live one, once per run of failures.
  let failing = false;
  const health: Health = {
    redis,
    failed(error) {
      if (failing) return;
      failing = true;
      log.warn({ err: error }, 'Redis did not count a rate-limited request: counting in this process until Redis answers again');
    },
    succeeded() {
      failing = false;
    },
  };
  // The plugin makes the global store with `new Store(options)` and each route's with `child()`.
  return class extends FallbackStore {
    constructor(options: RateLimitOptions) {
      super(new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace), new LocalStore(options.continueExceeding, options.exponentialBackoff), health);
    }
  };
}
