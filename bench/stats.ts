/** Timing helpers: percentiles of repeated runs, measured in one process on a noisy shared machine. */
import os from 'node:os';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn` `warmup` times untimed, then `n` times; answers the sorted durations in ms. */
export async function timed(n: number, fn: () => Promise<unknown>, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Seconds a throughput load runs before its measured run, uncounted, as `timed` warms the latency
 * rows: the server's pool opens its connections (a new PostgreSQL backend, its catalog caches), each
 * connection prepares its statements and plans their first executions, V8 compiles the hot paths.
 * Over 50 connections and 10 s, the merchant API row measured that start as much as the steady state.
 */
export const WARM_UP_SECONDS = 3;

export interface Row {
  workload: string;
  figure: string;
  budget: string;
  pass: boolean | null;
}

export function printTable(rows: Row[], machine: string): void {
  const w = [
    Math.max(...rows.map((r) => r.workload.length), 8),
    Math.max(...rows.map((r) => r.figure.length), 6),
    Math.max(...rows.map((r) => r.budget.length), 6),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(w[0]!)}  ${b.padEnd(w[1]!)}  ${c.padEnd(w[2]!)}  ${d}`;
  // The load says how much of the machine the run had: these cores are shared.
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  process.stdout.write(
    `\n${machine}, load average ${load}\n\n${line('workload', 'figure', 'budget', 'result')}\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${line(r.workload, r.figure, r.budget, r.pass === null ? 'n/a' : r.pass ? 'pass' : 'FAIL')}\n`,
    );
  }
}
