/**
 * Loading the demo platform into a database: only into one without merchants (a real platform is
 * never touched), with a one-line summary for the log.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { platformOrigin } from '../modules/upstream/origin.ts';
import type { AppContext } from '../platform/context.ts';
import { describeDemoDay, runDemoDay } from './demo-day.ts';
import { runDemoDesks } from './desks.ts';
import { DEMO_DEFAULTS, type DemoOptions, type DemoReport, generateDemo, hasMerchants } from './generate.ts';
import { describeOrdersReport } from './orders.ts';
import { seedSandboxChannels } from './sandbox-channels.ts';
import { pointDemoMerchantsAtSandbox } from './sandbox-merchant.ts';

export async function loadDemo(
  db: Db,
  secretKey: Buffer,
  now: Date,
  options: Partial<DemoOptions> = {},
): Promise<DemoReport | null> {
  if (await hasMerchants(db)) return null;
  const report = await generateDemo(db, secretKey, now, { ...DEMO_DEFAULTS, ...options });
  // Every demo merchant's deposits and payouts can route to the built-in sandbox provider.
  await seedSandboxChannels(db, secretKey);
  return report;
}

export function describeReport(report: DemoReport): string {
  return (
    `demo data: ${report.merchants} merchants, ${report.members} members, ` +
    `${report.paymentAccounts} payment accounts, ${report.postings} postings, ${report.rebates} rebates ` +
    `in ${(report.ms / 1000).toFixed(1)} s`
  );
}

/** Orders a fresh console places through its own merchant API once the demo platform is loaded. */
export const DEMO_ORDERS_ON_FIRST_START = 400;

/**
 * server.ts calls this on the first start of a new embedded database (never in API tests), once the
 * console listens: the demo platform, its desks' work (desks.ts), then its first day of
 * orders (merchant API over HTTP) and operators' decisions (demo-day.ts).
 */
export async function loadDemoOnFirstStart(app: FastifyInstance, ctx: AppContext) {
  const origin = platformOrigin(ctx);
  const report = await loadDemo(ctx.db, ctx.keys.secretKey, ctx.clock.now(), origin ? { origin } : {});
  if (!report) return;
  process.stdout.write(`${describeReport(report)}\n${await runDemoDesks(app, ctx)}\n`);
  if (!origin) return;
  // The demo merchants' callbacks go to this server's sandbox merchant.
  await pointDemoMerchantsAtSandbox(ctx.db, origin);
  const day = await runDemoDay(ctx, origin, DEMO_ORDERS_ON_FIRST_START);
  process.stdout.write(`${describeOrdersReport(day.orders)}\n${describeDemoDay(day)}\n`);
}
