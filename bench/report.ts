import type { Row, Target } from './scenarios.ts';
import { VISIBLE_CAP_MS, VISIBLE_TARGET_MS } from './settings.ts';
import { type Surface, SURFACES, type Visibility } from './writer.ts';

/** The printed tables. */

function describeTarget(target?: Target): string {
  if (!target) return '';
  return [target.ratio !== undefined ? `≥ ${target.ratio}×` : '', target.p99 !== undefined ? `p99 < ${target.p99} ms` : '']
    .filter(Boolean)
    .join(', ');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
}

const blankIfNaN = (value: number, digits = 0) => (Number.isNaN(value) ? '' : value.toFixed(digits));

export function printScenarios(rows: readonly Row[]): void {
  console.log('| scenario | requests/s | p50 ms | p99 ms | errors | timeouts | non-2xx | server MB | × baseline | target | |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const row of rows) {
    const mark = row.met === undefined ? '' : row.met ? 'met' : '**missed**';
    console.log(
      `| ${row.scenario} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.timeouts} | ${row.non2xx} | ${blankIfNaN(row.memoryMb)} | ` +
        `${row.ratio.toFixed(2)} | ${describeTarget(row.target)} | ${mark} |`,
    );
  }
}

interface VisibilitySummary {
  surface: Surface;
  followed: number;
  p50Ms: number;
  maxMs: number;
  notShown: string[];
  met: boolean;
}

export function summarizeVisibility(visibility: Visibility): VisibilitySummary[] {
  return SURFACES.map((surface) => {
    const shown = visibility.shownAfterMs[surface];
    const notShown = visibility.notShown[surface];
    const maxMs = shown.length > 0 ? Math.max(...shown) : Number.NaN;
    return {
      surface,
      followed: shown.length + notShown.length,
      p50Ms: median(shown),
      maxMs,
      notShown,
      met: notShown.length === 0 && !(maxMs >= VISIBLE_TARGET_MS),
    };
  });
}

export function printVisibility(summaries: readonly VisibilitySummary[]): void {
  console.log(`| an edit shows in | edits followed | p50 ms | max ms | not within ${VISIBLE_CAP_MS / 1000} s | target | |`);
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const s of summaries) {
    console.log(
      `| ${s.surface} | ${s.followed} | ${blankIfNaN(s.p50Ms)} | ${blankIfNaN(s.maxMs)} | ${s.notShown.length} | < ${VISIBLE_TARGET_MS} ms | ${s.met ? 'met' : '**missed**'} |`,
    );
  }
}
