import { createRequire } from 'node:module';

/** What the benchmark uses of autocannon: its options and results, typed. */

// autocannon ships no types; this is the part of its programmatic API used here.

interface Percentiles {
  average: number;
  p50: number;
  p99: number;
}
export interface AutocannonRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  requests: Percentiles & { total: number };
  latency: Percentiles;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests?: AutocannonRequest[];
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
