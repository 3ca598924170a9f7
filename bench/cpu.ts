/**
 * CPU seconds used during a workload by this process (the server) and by the run's PostgreSQL: on a
 * shared machine the rate a workload reaches says how much of the machine it got; its CPU per
 * operation says what it costs, and so what two idle cores could do.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/** From the text of /proc/<pid>/stat: the parent, user + system ticks, and its ended children's. */
function statOf(stat: string): { ppid: string; ticks: number; ended: number } {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: f[1]!, ticks: Number(f[11]) + Number(f[12]), ended: Number(f[13]) + Number(f[14]) };
}

/** CPU ticks (user + system) of this run's PostgreSQL: its postmaster (by data folder) and children. */
export function pgTicks(dataDir: string): number {
  const procs = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      try {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The postmaster's own ticks and its ended children's (parallel workers exit after each query).
        return { pid, cmd, ...statOf(stat) };
      } catch {
        return undefined; // gone meanwhile
      }
    })
    .filter((p) => p !== undefined);
  const master = procs.find((p) => p.cmd.includes(dataDir) && p.cmd.includes('postgres'));
  return procs
    .filter((p) => p === master || p.ppid === master?.pid)
    .reduce((n, p) => n + p.ticks + (p === master ? p.ended : 0), 0);
}

/** CPU ms another process of the run has used (a second app instance). */
function processMs(pid: number): number {
  return (statOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).ticks * 1000) / HZ;
}

export const HZ = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

export interface CpuUse {
  /** CPU ms per operation of the server (every app instance's together) and of PostgreSQL. */
  server: number;
  pg: number;
  /** Operations per second two cores could carry at that cost (both processes on the same cores). */
  capacity: number;
}

/**
 * CPU ms per second the server and PostgreSQL use with no load (timers, the pool, WAL writer);
 * `instances`, each other app instance's, in the order of their pids.
 */
export interface Idle {
  server: number;
  pg: number;
  instances?: number[];
}

/**
 * The idle CPU rate over `ms` of no load: subtracted from a workload's CPU, so that a run the loaded
 * machine lets do few operations is not charged the background's share per operation. `pids`: other
 * app instances serving the load with this process (bench/instance.ts).
 */
export async function idleRate(dataDir: string, ms = 2000, pids: number[] = []): Promise<Idle> {
  const self = process.cpuUsage();
  const pg0 = pgTicks(dataDir);
  const others0 = pids.map(processMs);
  await new Promise((r) => setTimeout(r, ms));
  const used = process.cpuUsage(self);
  return {
    server: (used.user + used.system) / ms,
    pg: ((pgTicks(dataDir) - pg0) * 1e6) / HZ / ms,
    instances: pids.map((pid, i) => ((processMs(pid) - others0[i]!) * 1000) / ms),
  };
}

/**
 * Starts measuring; the answer's function takes the operations done and answers their CPU cost, less
 * the idle rate (idleRate) over the measured time when one is given. `pids`: the other app instances
 * serving the load (their CPU is the server's too).
 */
export function cpuMeter(dataDir: string, idle?: Idle, pids: number[] = []): (ops: number) => CpuUse {
  const self = process.cpuUsage();
  const pg0 = pgTicks(dataDir);
  const others0 = pids.map(processMs);
  const t0 = performance.now();
  return (ops) => {
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(self);
    const n = Math.max(ops, 1);
    const perOp = (ms: number, idleMs = 0) => Math.max(0, ms - idleMs * seconds) / n;
    const instances = [
      perOp((used.user + used.system) / 1e3, idle?.server),
      ...pids.map((pid, i) => perOp(processMs(pid) - others0[i]!, idle?.instances?.[i])),
    ];
    const server = instances.reduce((a, b) => a + b, 0);
    const pg = perOp(((pgTicks(dataDir) - pg0) * 1000) / HZ, idle?.pg);
    // 2 cores give 2000 CPU ms a second, shared by all; each instance's JavaScript runs on one thread,
    // so it alone can never use more than one core's 1000 ms.
    const busiest = Math.max(...instances, 1e-9);
    return { server, pg, capacity: Math.min(2000 / (server + pg), 1000 / busiest) };
  };
}

/** The CPU cost and what 2 idle cores could carry at it (CAPACITY_METHOD). */
export const cpuText = (c: CpuUse) =>
  `CPU/op (idle rate subtracted): server ${c.server.toFixed(2)} ms + PostgreSQL ${c.pg.toFixed(2)} ms = ${Math.round(c.capacity)}/s on 2 idle cores`;

/** How the 2-idle-core figure is made (printed under the benches that show it). */
export const CAPACITY_METHOD =
  "expected on 2 quiet cores = min(2000 / (server + PostgreSQL CPU ms per op), 1000 / the busiest app instance's CPU ms per op): " +
  "CPU ms per op from this process's cpuUsage and the run's PostgreSQL processes' /proc ticks over the load; " +
  "lock waits and the other engineers' load cost no CPU, so the figure does not move with the machine's load";

let sent = 0;
let counting = false;

/**
 * Counts the statements this process sends to PostgreSQL (every pg client's query(): BEGIN, COMMIT,
 * named statements): call before a workload, and the answer's function after it says how many.
 */
export function statementCounter(): () => number {
  if (!counting) {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      sent++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    counting = true;
  }
  const from = sent;
  return () => sent - from;
}

/**
 * With PAYOPS_PG_STATEMENTS=1 or =full (the embedded server loads pg_stat_statements): the statements a workload
 * ran, heaviest by total execution and planning time, per operation (planning shown where most calls plan). Call once before the workload (it resets) and
 * once after it with the operations done; without the variable it answers nothing.
 */
export async function statementReport(
  pool: { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> },
  ops?: number,
): Promise<string> {
  if (!process.env.PAYOPS_PG_STATEMENTS) return '';
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  if (ops === undefined) {
    await pool.query('SELECT pg_stat_statements_reset()');
    return '';
  }
  // Every statement the workload sent (BEGIN, COMMIT and SAVEPOINT too: each is a round trip).
  const { rows } = await pool.query(
    `SELECT calls, total_exec_time AS ms, plans, total_plan_time AS plan_ms,
            left(regexp_replace(query, '\\s+', ' ', 'g'), $1) AS q
       FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'
       ORDER BY total_exec_time + total_plan_time DESC`,
    // PAYOPS_PG_STATEMENTS=full shows each statement whole (to read its plan's shape), else its start.
    [process.env.PAYOPS_PG_STATEMENTS === 'full' ? 100_000 : 160],
  );
  const perOp = (n: unknown) => Number(n) / Math.max(ops, 1);
  const shown = rows.filter((r) => perOp(r.calls) >= 0.01);
  const total = rows.reduce((n, r) => n + perOp(r.calls), 0);
  // Planned on most calls: a statement sent unnamed, or a named one PostgreSQL keeps planning anew
  // (a parameter where the planner needs a value, such as LIMIT $1).
  const planned = (r: Record<string, unknown>) =>
    Number(r.plans) > Number(r.calls) / 2 ? ` +${perOp(r.plan_ms).toFixed(3)} planning` : '';
  return [
    ...shown.map(
      (r) =>
        `${perOp(r.ms).toFixed(3).padStart(7)} ms/op${planned(r)} ${perOp(r.calls).toFixed(2).padStart(5)} calls/op  ${r.q}`,
    ),
    `${total.toFixed(1)} statements/op in all (round trips, transaction control included)`,
  ].join('\n');
}

/** Statements per operation alone (for a row's text), or undefined without PAYOPS_PG_STATEMENTS. */
export function statementsPerOp(report: string): string | undefined {
  return /([\d.]+) statements\/op in all/.exec(report)?.[1];
}

/**
 * With PAYOPS_PG_STATEMENTS: what the client backends were doing while a workload ran, sampled every
 * 20 ms from pg_stat_activity (`cpu:active` running, `Lock:transactionid` waiting on another's row
 * lock, `LWLock:WALWrite` / `IO:WalSync` waiting for a commit's flush...). Start it before the
 * workload; the answer (to print) once it is done. Without the variable it samples nothing.
 */
export function waitSampler(pool: {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}): () => Promise<string> {
  if (!process.env.PAYOPS_PG_STATEMENTS) return async () => '';
  const seen: Record<string, number> = {};
  let sampling = true;
  const done = (async () => {
    while (sampling) {
      const { rows } = await pool.query(
        `SELECT coalesce(wait_event_type, 'cpu') || ':' || coalesce(wait_event, state) AS k, count(*)::int AS n
           FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'
          GROUP BY 1`,
      );
      for (const r of rows) seen[String(r.k)] = (seen[String(r.k)] ?? 0) + Number(r.n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    sampling = false;
    await done;
    const byCount = Object.entries(seen).sort((a, b) => b[1] - a[1]);
    return `backend samples: ${byCount.map(([k, n]) => `${k} ${n}`).join(', ')}`;
  };
}
