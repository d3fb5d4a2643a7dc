/**
 * Each worker holds the whole catalogue in memory (listing and search indexes, every product's
 * JSON), so the heap it needs grows with the catalogue: about 200 MB of V8 heap at 100,000
 * products, 1.3-1.4 GB at 1,000,000. `npm run serve` starts every process with a 512 MB heap
 * limit and 8 MB semi-spaces (`NODE_HEAP_MB`, `NODE_SEMI_SPACE_MB`), right for 100,000 products;
 * at 1,000,000 a worker so started runs out of heap while loading and the start fails. So the
 * primary counts the products before it starts the workers and, for a catalogue past
 * LARGE_CATALOGUE whose limits were not set by hand, gives them room.
 *
 * The young generation too: at 1,000,000 products each of its collections costs 2-3 ms however
 * small it is (the old generation's pointers into it are what is visited), so 16 MB semi-spaces
 * collected 27 times a second, 15 % of a worker's time, the longest 29-34 ms, the slowest
 * requests' wait. With 64 MB, 7 times a second, 2 % of the time, the longest 8 ms
 * (`bench/profile-search.ts` listings, 26 November). At 100,000 products 64 MB would be over
 * 100 MB more a process for little, so small catalogues keep 8 (see the README's "Memory").
 *
 * And V8's allocation-site pretenuring is off for every worker, whatever the catalogue's size.
 * Under load, one of the two workers (either one) would start allocating some kind of short-lived
 * object straight into the old generation, where it died: at 1,000,000 products its young
 * collections took 10-60 ms, moving some 17 MB on to the old generation each time, in five runs
 * of five with pretenuring and none of three without (`--trace-gc` under `npm run bench`,
 * 26 November). At 100,000 products the same worker's old generation grew by 15-20 MB a second
 * against the other's 1-2, so it ran a full collection every 0.5-0.6 s instead of every 5-10 s,
 * in 3 runs of 6 with pretenuring (two more mildly, at 4-12 MB a second) and none of 3 without;
 * in those 3 runs listings fell to 3,519-3,739 a second (p99 48-54 ms) and searches to
 * 5,144-5,254 (p99 42-51), against 4,501-4,689 (p99 27-29) and 6,854-7,568 (p99 19-20) without
 * it (`--trace-gc` under `npm run bench`, 27 November). The likeliest cause: once V8 allocates a kind of object straight into the old
 * generation (pretenures it) and those objects die young, the dead ones keep the young objects
 * they point to alive.
 *
 * And memory outside the heap (typed arrays: a search's hits, kept for later pages, up to 480 MB
 * of them a worker at 1,000,000 products) counts towards when the next full collection is due as the heap
 * does, in proportion to what is held (`--external-memory-accounted-in-global-limit`), instead of
 * V8's default: a full collection after every 64 MB of typed arrays allocated, whatever is held.
 * Searches at 1,000,000 products allocate that in under a second as kept hits are replaced, so each
 * worker ran a full collection every 0.8 s, each freeing 3-30 MB of 220 and marking for 0.6-1.5 s
 * of CPU in the background, on a machine with two cores (`--trace-gc-nvp`, 27 November). With the
 * flag, 3-4 full collections in 30 s of listings and searches for both workers, against 12-35;
 * searches went from 1,873-1,951 a second (p99 119-124 ms) to 3,050 (p99 58), listings from
 * 1,987-2,364 (p99 74-75) to 2,211 (p99 62), and a worker's peak from 3,473 to 3,807 MB. At
 * 100,000 products, where a worker is held to 512 MB, it is left alone.
 */

/** Products beyond which workers get the room below, unless `NODE_HEAP_MB` or `NODE_SEMI_SPACE_MB` says otherwise. */
export const LARGE_CATALOGUE = 250_000;
/** Heap per product held: 1.3-1.4 GB measured at 1,000,000, with room for a full load beside the one answering. */
const HEAP_KB_PER_PRODUCT = 3;
const LARGE_SEMI_SPACE_MB = 64;
type V8Flag = readonly [name: string, on: boolean];
/** V8 flags every worker gets, on or off (see above), unless the primary's flags set them either way. */
const WORKER_V8_FLAGS: readonly V8Flag[] = [['allocation-site-pretenuring', false]];
/** And those a large catalogue's workers get as well. */
const LARGE_CATALOGUE_V8_FLAGS: readonly V8Flag[] = [['external-memory-accounted-in-global-limit', true]];

/** Whether the flags turn V8's flag `name` on or off (`--name`, `--no-name`, with dashes or underscores). */
function setsEitherWay(flags: readonly string[], name: string): boolean {
  const either = new RegExp(`^--(no-)?${name.replaceAll('-', '[-_]')}$`);
  return flags.some((flag) => either.test(flag));
}

function setFlag(flags: readonly string[], name: string, value: number): string[] {
  const kept = flags.filter((flag) => !flag.startsWith(`${name}=`));
  return [...kept, `${name}=${value}`];
}

/**
 * The Node flags to start a worker with for a catalogue of `products`: the primary's own, with
 * pretenuring off and, for a large catalogue, the heap limit and semi-space size raised where the
 * environment did not set them and typed arrays counted as the heap is, unless the flags say otherwise.
 */
export function workerFlags(flags: readonly string[], products: number, env: Readonly<Record<string, string | undefined>>): string[] {
  const large = products > LARGE_CATALOGUE;
  let sized = [...flags];
  if (large && !env.NODE_HEAP_MB) {
    const current = Number(
      /^--max-old-space-size=(\d+)$/.exec(flags.find((flag) => flag.startsWith('--max-old-space-size=')) ?? '')?.[1] ?? 0,
    );
    sized = setFlag(sized, '--max-old-space-size', Math.max(current, Math.ceil((products * HEAP_KB_PER_PRODUCT) / 1024)));
  }
  if (large && !env.NODE_SEMI_SPACE_MB) sized = setFlag(sized, '--max-semi-space-size', LARGE_SEMI_SPACE_MB);
  for (const [name, on] of large ? [...WORKER_V8_FLAGS, ...LARGE_CATALOGUE_V8_FLAGS] : WORKER_V8_FLAGS) {
    if (!setsEitherWay(flags, name)) sized = [...sized, `--${on ? '' : 'no-'}${name}`];
  }
  return sized;
}
