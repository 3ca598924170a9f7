/**
 * The page rows' arithmetic (bench/pages.browser.ts measures, bench/pages.ts prints): the vitals as
 * the web-vitals library reads the browser's entries, and each figure against performance.md.
 */
import { percentile, type Row } from './stats.ts';

/** A layout shift without recent input: [startTime ms, value]. */
export type Shift = [number, number];

/**
 * CLS: the largest session window of shifts, a window ending after a 1 s gap or 5 s after it began.
 */
export function clsOf(shifts: readonly Shift[]): number {
  let worst = 0;
  let sum = 0;
  let first = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const [at, value] of shifts) {
    if (at - last > 1000 || at - first > 5000) {
      sum = 0;
      first = at;
    }
    sum += value;
    last = at;
    worst = Math.max(worst, sum);
  }
  return worst;
}

/** An interaction: its longest event (input until the next paint), and what it was. */
export interface Interaction {
  ms: number;
  what: string;
}

/** INP: the longest interaction, leaving out one per 50 (a page's rare outliers). */
export function inpOf(interactions: readonly Interaction[]): Interaction {
  const longest = [...interactions].sort((a, b) => b.ms - a.ms);
  return longest[Math.min(longest.length - 1, Math.floor(longest.length / 50))] ?? { ms: 0, what: '-' };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const pct = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(0)}%`;

export interface PageFigures {
  /** Each cold-loaded page's LCP and CLS per load. */
  lcp?: Record<string, number[]>;
  cls?: Record<string, number[]>;
  inp?: Interaction & { interactions: number };
  /**
   * Used JS heap after a full GC: before the tabs, with 20 opened, after closing them, and after
   * opening and closing the same 20 once more.
   */
  heap?: { began: number; open: number; ended: number; again: number; views: number };
}

export function vitalsRows(f: PageFigures): Row[] {
  const rows: Row[] = [];
  for (const [path, loads] of Object.entries(f.lcp ?? {})) {
    const p75 = percentile(
      [...loads].sort((a, b) => a - b),
      75,
    );
    rows.push({
      workload: `page LCP p75, ${path} loaded cold (${loads.length} loads, built app, empty cache)`,
      figure: seconds(p75),
      budget: '≤ 2.5 s',
      pass: p75 <= 2500,
    });
  }
  const shifts = Object.entries(f.cls ?? {});
  if (shifts.length) {
    const [path, worst] = shifts
      .map(([p, v]) => [p, Math.max(...v)] as const)
      .reduce((a, b) => (b[1] > a[1] ? b : a));
    rows.push({
      workload: `page CLS, worst of the ${shifts.length} pages' cold loads (${path})`,
      figure: worst.toFixed(3),
      budget: '≤ 0.1',
      pass: worst <= 0.1,
    });
  }
  if (f.inp)
    rows.push({
      workload: `page INP over a session of ${f.inp.interactions} interactions (menu, tabs, search, drawer, language; this one: ${f.inp.what})`,
      figure: `${Math.round(f.inp.ms)} ms`,
      budget: '≤ 200 ms',
      pass: f.inp.ms <= 200,
    });
  if (f.heap) {
    // The first round loads the twenty pages' code, which stays (modules are never unloaded): the
    // budget is read on the second round, what opening and closing tabs leaves; the first is shown.
    const { began, open, ended, again, views } = f.heap;
    const growth = again / ended - 1;
    const first = ended / began - 1;
    rows.push({
      workload: `JS heap, 20 tabs opened and closed a second time (${mb(began)} at sign-in, ${mb(open)} with 20 open, ${mb(ended)} after closing them: ${pct(first)} with their code; ${mb(again)} after the same 20 again; at most ${views} pages kept)`,
      figure: pct(growth),
      budget: '≤ +20%, ≤ 10 kept',
      pass: growth <= 0.2 && views <= 10,
    });
  }
  return rows;
}
