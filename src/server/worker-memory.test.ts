import { describe, expect, it } from 'vitest';
import { LARGE_CATALOGUE, workerFlags } from './worker-memory.ts';

const SERVE = ['--max-semi-space-size=8', '--max-old-space-size=512', '--experimental-strip-types'];

describe('workers sized to the catalogue', () => {
  it('keeps the memory npm run serve gave for a catalogue of up to LARGE_CATALOGUE products, with pretenuring off', () => {
    expect(workerFlags(SERVE, 100_000, {})).toEqual([...SERVE, '--no-allocation-site-pretenuring']);
    expect(workerFlags(SERVE, LARGE_CATALOGUE, {})).toEqual([...SERVE, '--no-allocation-site-pretenuring']);
  });

  it('gives a worker of 1,000,000 products a heap of about 3 GB and 64 MB semi-spaces', () => {
    const flags = workerFlags(SERVE, 1_000_000, {});
    expect(flags).toContain('--max-old-space-size=2930');
    expect(flags).toContain('--max-semi-space-size=64');
    expect(flags).toContain('--experimental-strip-types');
    expect(flags.filter((flag) => flag.startsWith('--max-old-space-size='))).toHaveLength(1);
    expect(flags.filter((flag) => flag.startsWith('--max-semi-space-size='))).toHaveLength(1);
  });

  it('turns allocation-site pretenuring off whatever the catalogue, unless the flags set it either way', () => {
    const pretenuring = (flags: readonly string[]) => flags.filter((flag) => flag.includes('pretenuring'));
    for (const products of [0, 100_000, 1_000_000]) {
      expect(pretenuring(workerFlags(SERVE, products, {}))).toEqual(['--no-allocation-site-pretenuring']);
      expect(pretenuring(workerFlags([...SERVE, '--allocation-site-pretenuring'], products, {}))).toEqual([
        '--allocation-site-pretenuring',
      ]);
      expect(pretenuring(workerFlags(['--no-allocation_site_pretenuring'], products, {}))).toEqual(['--no-allocation_site_pretenuring']);
    }
  });

  it('counts typed arrays towards the next full collection as the heap is, for a large catalogue, unless the flags set it either way', () => {
    const accounted = (flags: readonly string[]) => flags.filter((flag) => flag.includes('external'));
    expect(accounted(workerFlags(SERVE, 1_000_000, {}))).toEqual(['--external-memory-accounted-in-global-limit']);
    expect(accounted(workerFlags(SERVE, 100_000, {}))).toEqual([]);
    expect(accounted(workerFlags([...SERVE, '--no-external-memory-accounted-in-global-limit'], 1_000_000, {}))).toEqual([
      '--no-external-memory-accounted-in-global-limit',
    ]);
    expect(accounted(workerFlags(['--external_memory_accounted_in_global_limit'], 1_000_000, {}))).toEqual([
      '--external_memory_accounted_in_global_limit',
    ]);
  });

  it('leaves what the environment set by hand, and never lowers a heap limit', () => {
    const large = ['--no-allocation-site-pretenuring', '--external-memory-accounted-in-global-limit'];
    expect(workerFlags(SERVE, 1_000_000, { NODE_HEAP_MB: '512', NODE_SEMI_SPACE_MB: '8' })).toEqual([...SERVE, ...large]);
    expect(workerFlags(['--max-old-space-size=8192'], 1_000_000, { NODE_SEMI_SPACE_MB: '8' })).toEqual([
      '--max-old-space-size=8192',
      ...large,
    ]);
    expect(workerFlags([], 300_000, {})).toEqual(['--max-old-space-size=879', '--max-semi-space-size=64', ...large]);
  });
});
