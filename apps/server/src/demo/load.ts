/**
 * Loading the demo platform into a database: only into one without merchants (a real platform is
 * never touched), with a one-line summary for the log.
 */
import type { Db } from '../db/client.ts';
import { DEMO_DEFAULTS, type DemoOptions, type DemoReport, generateDemo, hasMerchants } from './generate.ts';
import { pointDemoMerchantsAtSandbox } from './sandbox-merchant.ts';
import { seedSandboxChannels } from './sandbox-channels.ts';

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

/** server.ts calls this on the first start of a new embedded database (never in API tests). */
export async function loadDemoOnFirstStart(ctx: {
  db: Db;
  keys: { secretKey: Buffer };
  clock: { now(): Date };
  config: { port: number };
}) {
  const report = await loadDemo(ctx.db, ctx.keys.secretKey, ctx.clock.now(), {
    origin: `http://127.0.0.1:${ctx.config.port}`,
  });
  // The demo merchants' callbacks go to this server's sandbox merchant, on the port it listens on.
  if (report) await pointDemoMerchantsAtSandbox(ctx.db, `http://127.0.0.1:${ctx.config.port}`);
  if (report) process.stdout.write(`${describeReport(report)}\n`);
}
