import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis } from './redis-client.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers that depend only on the URL and the catalogue: served from the response cache. */
    catalogCache?: boolean;
  }
}

/**
 * Serialized answers of the public catalogue routes, by URL. Any committed write to the catalogue
 * clears it (see app.ts); `generation` makes sure an answer computed from rows read before a
 * change is never stored after it.
 */
export interface ResponseCache {
  /** A copy of the answer kept for `key`: the caller's to send, whatever the cache does next. */
  get(key: string): Buffer | undefined;
  /** Stores `body` (its UTF-8 bytes) unless the cache was cleared since `generation` was read. */
  set(key: string, body: string | Buffer, generation: number): void;
  readonly generation: number;
  clear(): void;
  readonly enabled: boolean;
}

export interface ResponseCacheOptions {
  maxBytes: number;
  /** a backstop: without Redis, other processes' changes show after this long at most */
  ttlMs: number;
}

/** FNV-1a of a URL: which door-keeper slot it has (see createResponseCache). */
function hashOf(key: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) value = Math.imul(value ^ key.charCodeAt(i), 0x01000193);
  return value >>> 0;
}

/** Slots of the door keeper: URLs asked for once, by hash (a typed array, so the collector never walks it). */
const DOOR_KEEPER_SLOTS = 1 << 16;

/** Where a kept answer's bytes are in the arena, and when they were put there. */
interface Kept {
  at: number;
  length: number;
  storedAt: number;
}

export function createResponseCache({ maxBytes, ttlMs }: ResponseCacheOptions): ResponseCache {
  let generation = 0;
  if (maxBytes <= 0) {
    return { get: () => undefined, set: () => {}, generation: 0, clear: () => {}, enabled: false };
  }
  // The kept answers' bytes, one after another in one buffer allocated once, outside V8's heap.
  // Kept as strings on the heap, they lived just long enough to be moved to the old generation,
  // and every catalogue change (two a second under the benchmark's writer) made them garbage
  // there: at 100,000 products that was most of what filled the old generation, and a full
  // collection every 3 s held up each worker's queue of answers.
  // When the arena is full it starts again from its beginning, dropping every kept answer: a
  // change to the catalogue does that anyway, and a popular URL is kept again when next asked for.
  const arena = Buffer.allocUnsafeSlow(maxBytes);
  let used = 0;
  const entries = new Map<string, Kept>();
  // An answer is kept the second time its URL is asked for, not the first. Most URLs shoppers and
  // crawlers send (a filter, a sort and a page drawn from thousands) are asked for once: kept, they
  // would only push the popular ones out. A URL asked for again is a popular one, and kept from then on.
  const askedOnce = new Uint32Array(DOOR_KEEPER_SLOTS);
  return {
    get(key) {
      const kept = entries.get(key);
      if (!kept) return undefined;
      if (performance.now() - kept.storedAt > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      // A copy: the socket may still be sending it when the arena is written over.
      const copy = Buffer.allocUnsafe(kept.length);
      arena.copy(copy, 0, kept.at, kept.at + kept.length);
      return copy;
    },
    set(key, body, since) {
      if (since !== generation) return;
      const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
      if (length >= maxBytes / 16) return;
      const hash = (hashOf(key) | 1) >>> 0; // never 0, the empty slot
      const slot = hash & (DOOR_KEEPER_SLOTS - 1);
      if (askedOnce[slot] !== hash) {
        askedOnce[slot] = hash;
        return;
      }
      if (used + length > maxBytes) {
        entries.clear();
        used = 0;
      }
      if (typeof body === 'string') arena.write(body, used, 'utf8');
      else body.copy(arena, used);
      entries.set(key, { at: used, length, storedAt: performance.now() });
      used += length;
    },
    get generation() {
      return generation;
    },
    clear() {
      generation++;
      entries.clear();
      used = 0;
    },
    enabled: true,
  };
}

const startedAt = new WeakMap<FastifyRequest, number>();

/**
 * What browsers and shared caches are told about catalogue answers: the same for every caller
 * (they never read the session, and are served from this cache before it is even looked at), so
 * `public`; but checked with the server on every use, since stock and prices change at any time.
 * Every other /api answer is `no-store` (see security-headers.ts).
 */
export const CATALOG_CACHE_CONTROL = 'public, no-cache';

/**
 * Serves routes marked `config: { catalogCache: true }` from the cache, and fills it.
 *
 * The cache holds plain JSON: its onSend hook is the app's own, so it runs before the route-level
 * one of @fastify/compress (compression.ts), which then compresses hits and misses alike for each
 * client as it asks.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.catalogCache) return;
    reply.header('cache-control', CATALOG_CACHE_CONTROL);
    // Shared caches may keep these answers, and the same URL is sent compressed or not: they must
    // key it on Accept-Encoding even when this answer, small or to a client asking for none, is not.
    reply.header('vary', 'accept-encoding');
    if (!cache.enabled) return;
    const body = cache.get(request.url);
    if (body) {
      reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
      return reply.send(body);
    }
    startedAt.set(request, cache.generation);
    reply.header('x-cache', 'miss');
  });
  if (!cache.enabled) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const generation = startedAt.get(request);
    // Never compressed bytes, should the order of the hooks ever change.
    if (generation !== undefined && reply.statusCode === 200 && !reply.hasHeader('content-encoding')) {
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) cache.set(request.url, payload, generation);
    }
    return payload;
  });
}

/**
 * Several processes: each one that commits a catalogue change tells the others over Redis pub/sub,
 * and they drop what they derived from the old catalogue. A lost connection may have lost
 * messages, so (re)connecting counts as a change too.
 *
 * `redis` is a client from redis-client.ts: while Redis is away, publishing fails at once (the
 * change is not queued; the others' caches' age limit covers it) and nothing here waits for it.
 */
export function shareCatalogChanges(redis: Redis, channel: string, onRemoteChange: (tables?: ReadonlySet<string>) => void) {
  const self = randomUUID();
  const subscriber = redis.duplicate();
  // ioredis reconnects by itself; errors are expected while it does, and the client `redis` logs them.
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { from, tables } = JSON.parse(message) as { from: string; tables: string[] };
      if (from !== self) onRemoteChange(new Set(tables));
    } catch {
      onRemoteChange();
    }
  });
  // Without an offline queue a command only goes out on a ready connection, so the channel is
  // subscribed on every (re)connection; subscribing twice to one channel changes nothing.
  subscriber.on('ready', () => {
    onRemoteChange();
    subscriber.subscribe(channel).catch(() => {
      // Lost again already: the next 'ready' subscribes, and the caches' age limit bounds staleness meanwhile.
    });
  });
  return {
    publish(tables: ReadonlySet<string>): void {
      redis.publish(channel, JSON.stringify({ from: self, tables: [...tables] })).catch(() => {});
    },
    close: () => closeRedis(subscriber),
  };
}
