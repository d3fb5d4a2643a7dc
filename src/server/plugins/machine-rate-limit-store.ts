import nodeCluster, { type Cluster, type Worker } from 'node:cluster';
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];
type Count = { current: number; ttl: number };
type RouteLimitOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** What the plugin hands a store about a limit: its own options, and the route's when it is a route's. */
interface LimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: unknown; url?: unknown };
}

// The plugin's in-memory store, CommonJS with no types of its own: the counting itself, whether
// in a lone process, in the primary for its workers, or in a worker while the primary is silent.
const requireCommonJs = createRequire(import.meta.url);
const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => FastifyRateLimitStore =
  requireCommonJs('@fastify/rate-limit/store/LocalStore.js');

/**
 * Keys kept per limit. The plugin keeps 5,000 per process; the primary keeps the counts of every
 * worker, so more. The least recently counted key goes first once a limit has this many.
 */
const KEYS_PER_LIMIT = 20_000;

/** A worker that hears nothing from the primary in this long counts alone (the primary only supervises, so it answers in well under 1 ms). */
export const PRIMARY_ANSWER_TIMEOUT_MS = 250;

/** Marks this store's messages among the others a worker and the primary exchange. */
const KIND = 'store:rate-limit';

interface Question {
  kind: typeof KIND;
  id: number;
  /** the limit's name, the same in every worker: a route's method and URL, or the order its limiter was made in */
  limit: string;
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  key: string;
  timeWindow: number;
  max: number;
}

interface Answer extends Count {
  kind: typeof KIND;
  id: number;
}

const isOurs = (value: unknown): value is { kind: typeof KIND } =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === KIND;

// Sending on a closed channel reports the error here; without a callback it would end the process.
const ignoreClosed = () => {};

/**
 * In the primary of several workers: counts every worker's rate-limited requests in one place, so
 * a limit holds for the whole machine rather than once per worker. Counts outlive a worker that
 * dies (its replacement meets them) and end with the primary. Call it once, before forking;
 * returns the function that stops answering.
 */
export function countRateLimitsForWorkers(cluster: Cluster = nodeCluster): () => void {
  const limits = new Map<string, FastifyRateLimitStore>();
  const answer = (worker: Worker, value: unknown) => {
    if (!isOurs(value)) return;
    const question = value as Question;
    const name = `${question.limit}|${question.continueExceeding}|${question.exponentialBackoff}`;
    let store = limits.get(name);
    if (!store) limits.set(name, (store = new LocalStore(question.continueExceeding, question.exponentialBackoff, KEYS_PER_LIMIT)));
    store.incr(
      question.key,
      (_error, count) => {
        const reply: Answer = { kind: KIND, id: question.id, current: count!.current, ttl: count!.ttl };
        if (worker.isConnected()) worker.send(reply, undefined, ignoreClosed);
      },
      question.timeWindow,
      question.max,
    );
  };
  cluster.on('message', answer);
  return () => void cluster.off('message', answer);
}

/** This worker's questions to the primary awaiting an answer, by id: one listener for all of them. */
function primaryCounter(log: FastifyBaseLogger) {
  const waiting = new Map<number, (count: Count | undefined) => void>();
  let nextId = 1;
  let silent = false;
  process.on('message', (value: unknown) => {
    if (!isOurs(value)) return;
    const answer = value as Answer;
    waiting.get(answer.id)?.({ current: answer.current, ttl: answer.ttl });
  });
  return {
    /** The machine's count after this request, or undefined when the primary did not answer in time. */
    count(question: Omit<Question, 'kind' | 'id'>, done: (count: Count | undefined) => void): void {
      if (!process.connected || !process.send) return done(undefined);
      const id = nextId++;
      const settle = (count: Count | undefined) => {
        if (!waiting.delete(id)) return;
        clearTimeout(timer);
        if (!count && !silent) {
          silent = true;
          log.warn(
            `The primary process did not count a rate-limited request within ${PRIMARY_ANSWER_TIMEOUT_MS} ms: this worker counts alone until it answers again`,
          );
        }
        if (count) silent = false;
        done(count);
      };
      const timer = setTimeout(() => settle(undefined), PRIMARY_ANSWER_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, settle);
      process.send({ kind: KIND, id, ...question } satisfies Question, undefined, {}, (error: Error | null) => error && settle(undefined));
    },
  };
}

type PrimaryCounter = ReturnType<typeof primaryCounter>;

/**
 * A limit counted by the primary for every worker. This worker counts too, and answers from its
 * own count only when the primary does not (it is stalled); a primary that is gone ends its
 * workers anyway (node:cluster).
 */
class WorkerStore implements FastifyRateLimitStore {
  readonly #primary: PrimaryCounter;
  readonly #limit: string;
  readonly #options: LimitOptions;
  readonly #local: FastifyRateLimitStore;
  /** the limiters made with createRateLimit so far, which have no route to name them by */
  readonly #limiters: { made: number };

  constructor(primary: PrimaryCounter, limit: string, options: LimitOptions, limiters: { made: number }) {
    this.#primary = primary;
    this.#limit = limit;
    this.#options = options;
    this.#local = new LocalStore(options.continueExceeding, options.exponentialBackoff);
    this.#limiters = limiters;
  }

  incr(key: string, done: Counted, timeWindow: number, max: number): void {
    this.#local.incr(
      key,
      (localError, local) => {
        const question = {
          limit: this.#limit,
          continueExceeding: this.#options.continueExceeding ?? false,
          exponentialBackoff: this.#options.exponentialBackoff ?? false,
          key,
          timeWindow,
          max,
        };
        this.#primary.count(question, (machine) => (machine ? done(null, machine) : done(localError, local)));
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteLimitOptions): FastifyRateLimitStore {
    const options = routeOptions as unknown as LimitOptions;
    const route = options.routeInfo?.url === undefined ? undefined : `${String(options.routeInfo.method)}${String(options.routeInfo.url)}`;
    // Every worker builds the same app, so its n-th limiter is every other worker's n-th.
    const limit = route ?? `limiter-${++this.#limiters.made}`;
    return new WorkerStore(this.#primary, limit, options, this.#limiters);
  }
}

/**
 * A store that counts for the whole machine: in a worker of several, through the primary (see
 * countRateLimitsForWorkers); in a process of its own, in its memory, which is the machine's.
 * The plugin makes the global store with `new Store(options)` and each limit's with `child()`.
 */
export function machineStore(options: LimitOptions, log: FastifyBaseLogger): FastifyRateLimitStore {
  if (!nodeCluster.isWorker) return new LocalStore(options.continueExceeding, options.exponentialBackoff);
  return new WorkerStore(primaryCounter(log), 'global', options, { made: 0 });
}
