import { describe, expect, it } from 'vitest';
import { LARGE_CATALOGUE, workerFlags } from './worker-memory.ts';

const SERVE = ['--max-semi-space-size=8', '--max-old-space-size=512', '--experimental-strip-types'];

describe('workers sized to the catalogue', () => {
  it('keeps the flags npm run serve gave for a catalogue of up to LARGE_CATALOGUE products', () => {
    expect(workerFlags(SERVE, 100_000, {})).toEqual(SERVE);
    expect(workerFlags(SERVE, LARGE_CATALOGUE, {})).toEqual(SERVE);
  });

  it('gives a worker of 1,000,000 products a heap of about 3 GB and 64 MB semi-spaces', () => {
    const flags = workerFlags(SERVE, 1_000_000, {});
    expect(flags).toContain('--max-old-space-size=2930');
    expect(flags).toContain('--max-semi-space-size=64');
    expect(flags).toContain('--experimental-strip-types');
    expect(flags.filter((flag) => flag.startsWith('--max-old-space-size='))).toHaveLength(1);
    expect(flags.filter((flag) => flag.startsWith('--max-semi-space-size='))).toHaveLength(1);
  });

  it('leaves what the environment set by hand, and never lowers a heap limit', () => {
    expect(workerFlags(SERVE, 1_000_000, { NODE_HEAP_MB: '512', NODE_SEMI_SPACE_MB: '8' })).toEqual(SERVE);
    expect(workerFlags(['--max-old-space-size=8192'], 1_000_000, { NODE_SEMI_SPACE_MB: '8' })).toEqual(['--max-old-space-size=8192']);
    expect(workerFlags([], 300_000, {})).toEqual(['--max-old-space-size=879', '--max-semi-space-size=64']);
  });
});
