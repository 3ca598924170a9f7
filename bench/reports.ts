/**
 * Issue 14's budget: every finance report (the 25 pages: ALL_REPORTS and OPS_REPORTS) over 31 days
 * answers in <= 200 ms p95 with 10M orders behind the rollups, and its time does not grow with the
 * order count. The reports read only rollups, so the load is a rollup-only one of the volume 1M and
 * 10M orders a year make (report-load.ts, generated in SQL). Each report is read through its route
 * (the feed's run included) over the last 31 days with its default grouping, as its page opens: the
 * first page of rows (REPORT_PAGE_SIZE) with the groups' count, the totals, the chart's points and
 * the heat scale, all over every group. Beside each p95, the
 * CPU a read costs (server + PostgreSQL, cpu.ts) at 10M: on a shared machine the wall time says how
 * much of the cores the run got, the CPU what a read costs on idle ones.
 */
import { ALL_REPORTS, OPS_REPORTS } from '@payops/contracts';
import { cpuMeter } from './cpu.ts';
import { clearRollups, fillRollups } from './report-load.ts';
import type { World } from './setup.ts';
import { percentile, type Row, timed } from './stats.ts';

async function readReport(w: World, api: string, from: string, to: string): Promise<void> {
  const res = await w.app.inject({
    method: 'POST',
    url: `${api}/query`,
    headers: w.headers,
    payload: { from, to },
  });
  if (res.statusCode !== 200) throw new Error(`${api}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}

const LOADS = [1_000_000, 10_000_000];
const BUDGET_MS = 200;
const WARMUP = 3;

export async function reportWorkloads(w: World, rows: Row[], o: { runs: number }): Promise<void> {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const [from, to] = [day(31), day(1)];
  const reports = [...ALL_REPORTS, ...OPS_REPORTS];
  const p95s = new Map<string, number[]>();
  const cpu = new Map<string, number>();
  for (const orders of LOADS) {
    const size = await fillRollups(w, orders);
    process.stderr.write(
      `rollups of ${orders.toLocaleString()} orders made in ${size.seconds.toFixed(1)} s: ${Object.entries(
        size.rows,
      )
        .map(([t, n]) => `${t} ${n.toLocaleString()}`)
        .join(', ')}\n`,
    );
    for (const def of reports) {
      const meter = cpuMeter(w.dataDir);
      const times = await timed(o.runs, () => readReport(w, def.api, from, to), WARMUP);
      const used = meter(o.runs + WARMUP);
      cpu.set(def.name, used.server + used.pg);
      const list = p95s.get(def.name) ?? [];
      list.push(percentile(times, 95));
      p95s.set(def.name, list);
    }
  }
  for (const [name, [small, large]] of p95s)
    rows.push({
      workload: `report ${name} p95, 31 days: rollups of 1M / 10M orders`,
      figure: `${small!.toFixed(1)} / ${large!.toFixed(1)} ms (CPU ${cpu.get(name)!.toFixed(1)} ms)`,
      budget: `≤ ${BUDGET_MS} ms`,
      pass: large! <= BUDGET_MS,
    });
  const worst = (i: number) => [...p95s].reduce((a, b) => (b[1][i]! > a[1][i]! ? b : a), [...p95s][0]!);
  const [w1, w10] = [worst(0), worst(1)];
  rows.push({
    workload: `slowest of the ${reports.length} reports p95, 31 days: 1M vs 10M orders`,
    figure: `${w1[1][0]!.toFixed(1)} ms (${w1[0]}) vs ${w10[1][1]!.toFixed(1)} ms (${w10[0]})`,
    budget: `≤ ${BUDGET_MS} ms`,
    pass: w10[1][1]! <= BUDGET_MS,
  });
  await clearRollups(w);
}
