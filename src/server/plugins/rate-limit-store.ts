import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { machineStore } from './machine-rate-limit-store.ts';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];
type Count = Parameters<Counted>[1];
type RouteLimitOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's Redis store: CommonJS, with no types of its own.
const requireCommonJs = createRequire(import.meta.url);
const RedisStore: new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore = requireCommonJs('@fastify/rate-limit/store/RedisStore.js');

interface Health {
  redis: Redis;
  /** a command failed on a connected client (a slow or broken Redis) */
  failed(error: Error): void;
  succeeded(): void;
}

/** One limit (the global one, or a route's): its count in Redis, and for this machine as a fallback. */
class FallbackStore implements FastifyRateLimitStore {
  readonly #shared: FastifyRateLimitStore;
  readonly #machine: FastifyRateLimitStore;
  readonly #health: Health;

  constructor(shared: FastifyRateLimitStore, machine: FastifyRateLimitStore, health: Health) {
    this.#shared = shared;
    this.#machine = machine;
    this.#health = health;
  }

  incr(key: string, done: Counted, timeWindow: number, max: number): void {
    // Always counted for the machine too, so what it saw while Redis was away (or not yet
    // connected at start) still counts once it is back: the answer is the larger of the two.
    // Not connected: no Redis command can succeed now, so none is tried.
    const asksRedis = this.#health.redis.status === 'ready';
    let machine: { error: Error | null; count: Count } | undefined;
    let shared: Count | null | undefined = asksRedis ? undefined : null;
    const answer = () => {
      if (!machine || shared === undefined) return;
      if (!shared) return done(machine.error, machine.count);
      done(null, machine.count && machine.count.current > shared.current ? machine.count : shared);
    };
    this.#machine.incr(
      key,
      (error, count) => {
        machine = { error, count };
        answer();
      },
      timeWindow,
      max,
    );
    if (!asksRedis) return;
    this.#shared.incr(
      key,
      (error, count) => {
        if (error || !count) this.#health.failed(error ?? new Error('Redis gave no count'));
        else this.#health.succeeded();
        shared = error ? null : (count ?? null);
        answer();
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteLimitOptions): FastifyRateLimitStore {
    return new FallbackStore(this.#shared.child(routeOptions), this.#machine.child(routeOptions), this.#health);
  }
}

/**
 * A store for @fastify/rate-limit whose limits hold for the whole machine however many workers
 * serve it (machine-rate-limit-store.ts), and, with Redis, for every machine sharing it: counted
 * in Redis while Redis answers, and for this machine as well, so that while Redis does not (not
 * connected, or a command failed or timed out) the limit still holds for the machine rather than
 * vanishing, and a request never waits for Redis to come back. Counts made during an outage are
 * not carried over to Redis when it returns. Pass the client from redis-client.ts, whose
 * commands fail fast.
 */
export function rateLimitStore({
  redis: client,
  nameSpace,
  log,
}: {
  redis?: Redis;
  nameSpace: string;
  log: FastifyBaseLogger;
}): FastifyRateLimitStoreCtor {
  if (!client) {
    // The plugin makes the global store with `new Store(options)` and each route's with `child()`.
    return class {
      constructor(options: RateLimitOptions) {
        return machineStore(options, log);
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }
  const redis = client;
  // A lost connection is logged by the client; failing commands on a live one, once per run of failures.
  let failing = false;
  const health: Health = {
    redis,
    failed(error) {
      if (failing) return;
      failing = true;
      log.warn({ err: error }, 'Redis did not count a rate-limited request: counting for this machine until Redis answers again');
    },
    succeeded() {
      failing = false;
    },
  };
  return class extends FallbackStore {
    constructor(options: RateLimitOptions) {
      super(new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace), machineStore(options, log), health);
    }
  };
}
