/**
 * The merchant API row of performance.md: deposit creation end to end through HTTP with signatures
 * (verification, nonce, routing, the sandbox upstream called over HTTP, the order, the placement log),
 * >= 500 orders/s. The load comes from another process (merchant-api-load.ts) so it does not take
 * this process's event loop from the server. Spread over the demo merchants, as real traffic is.
 *
 *   run alone:  node --import tsx bench/merchant-api.ts [--seconds 10] [--connections 50]
 *   in run.ts:  await merchantApiDeposits(world, rows)
 */
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { seedSandboxChannels } from '../apps/server/src/demo/sandbox-channels.ts';
import { thirdParties } from '../apps/server/src/modules/mch/passage.schema.ts';
import { merchants } from '../apps/server/src/modules/mch/schema.ts';
import {
  DEFAULT_INSTRUCTION,
  keyOf,
  setInstruction,
} from '../apps/server/src/modules/upstream/sandbox/instructions.ts';
import { open } from '../apps/server/src/platform/secret-box.ts';
import { cpuMeter, cpuText, idleRate, statementReport, statementsPerOp, waitSampler } from './cpu.ts';
import { listen, runChild } from './scale.ts';
import type { World } from './setup.ts';
import { printTable, type Row, WARM_UP_SECONDS } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');

export async function merchantApiDeposits(
  w: World,
  rows: Row[],
  seconds = 10,
  connections = 50,
): Promise<number> {
  await seedSandboxChannels(w.ctx.db, w.ctx.keys.secretKey);
  // A merchant at a million orders has a daily limit to match: after the order workloads' bulk days
  // the demo's 2,000,000 was spent before the load began, and every deposit was refused (riskBlocked).
  // The limit stays set, so each deposit still takes its lock and checks the day's sum.
  await w.ctx.pool.query('UPDATE merchants SET daily_limit = 1000000000000 WHERE daily_limit > 0');
  const origin = await listen(w);
  // The sandbox answers each create with a pay URL and holds the payment: no callbacks during the run.
  // Every sandbox account the routing may pick (the demo's pay config has one more than the demo
  // channels: its callbacks were 30% of the run's orders, paid during it).
  const sandboxes = await w.ctx.db
    .select({ mchNo: thirdParties.upstreamMchNo })
    .from(thirdParties)
    .where(eq(thirdParties.interfaceType, 'sandbox'));
  for (const { mchNo } of sandboxes)
    await setInstruction(w.ctx, keyOf.account(mchNo), {
      ...DEFAULT_INSTRUCTION,
      outcome: 'hold',
      delayMs: 0,
    });
  const list = await w.ctx.db
    .select({ mchNo: merchants.mchNo, secretEnc: merchants.secretEnc })
    .from(merchants)
    .where(eq(merchants.status, 'enabled'));
  const creds = list.map((m) => ({ mchNo: m.mchNo, secret: open(w.ctx.keys.secretKey, m.secretEnc) }));
  const load = (s: number) =>
    runChild(process.execPath, [
      '--import',
      'tsx',
      path.join(root, 'bench/merchant-api-load.ts'),
      JSON.stringify({ origin, merchants: creds, seconds: s, connections }),
    ]);
  await load(WARM_UP_SECONDS);
  const idle = await idleRate(w.dataDir);
  await statementReport(w.ctx.pool);
  const meter = cpuMeter(w.dataDir, idle);
  const waits = waitSampler(w.ctx.pool);
  const startedAt = w.ctx.clock.now();
  const out = await load(seconds);
  const r = JSON.parse(out) as {
    created: number;
    refused: number;
    errors: number;
    seconds: number;
    cpuMsPerCall: number;
  };
  const perSecond = r.created / r.seconds;
  // Why orders were refused, as the placement log names it: a refused order costs less than a
  // created one, so a row with refusals measures something else than its budget.
  const { rows: refusals } = await w.ctx.pool.query<{ code_name: string; n: number }>(
    'SELECT code_name, count(*)::int AS n FROM order_place_log WHERE at >= $1 AND NOT accepted GROUP BY 1 ORDER BY 2 DESC',
    [startedAt],
  );
  const why = refusals.map((x) => `${x.code_name} ${x.n}`).join(', ');
  // The sandbox upstream answers from this same process: its share is in the server's CPU.
  const cpu = meter(r.created + r.refused);
  const waited = await waits();
  const report = await statementReport(w.ctx.pool, r.created + r.refused);
  process.stderr.write(`${report}\n${waited}\n`);
  const statements = statementsPerOp(report);
  rows.push({
    workload: `merchant API deposit creation, HTTP + signatures, ${connections} connections after a ${WARM_UP_SECONDS} s warm-up (${r.refused} refused${why ? `: ${why}` : ''}, ${r.errors} errors; ${cpuText(cpu)}, sandbox upstream included; load generator ${r.cpuMsPerCall.toFixed(2)} ms${statements ? `; ${statements} statements/order` : ''})`,
    figure: `${Math.round(perSecond)} orders/s`,
    budget: '≥ 500 orders/s',
    pass: perSecond >= 500 && r.errors === 0 && r.refused === 0,
  });
  return r.created + r.refused;
}

if (process.argv[1]?.endsWith('merchant-api.ts')) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const { makeWorld } = await import('./setup.ts');
  const world = await makeWorld(1000);
  const rows: Row[] = [];
  try {
    await merchantApiDeposits(world, rows, arg('seconds', 10), arg('connections', 50));
  } finally {
    await world.close();
  }
  printTable(rows, `${os.cpus().length} cores, Node ${process.version}`);
  process.exit(0);
}
