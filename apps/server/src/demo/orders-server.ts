/**
 * For `seed:demo --orders N`, where no console is running: the console started in this process on a
 * loopback port (no jobs, no web app), the demo desks (desks.ts) and first day (orders
 * through its merchant API over HTTP, operators' decisions, payouts) run against it, then stopped.
 */
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { platformOrigin } from '../modules/upstream/origin.ts';
import type { Keys } from '../platform/keys.ts';
import { type DemoDayReport, runDemoDay } from './demo-day.ts';
import { runDemoDesks } from './desks.ts';

export async function placeOrdersThroughApi(
  config: Config,
  database: Database,
  keys: Keys,
  count: number,
): Promise<DemoDayReport> {
  const { app, ctx } = await buildApp({
    // The demo's day runs on the sandbox provider and merchant, whatever SANDBOX says for the real server.
    config: { ...config, logLevel: 'silent', merchantApiRatePerMinute: 0, publicOrigin: '', sandbox: true },
    database,
    keys,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    process.stdout.write(`${await runDemoDesks(app, ctx)}\n`);
    return await runDemoDay(ctx, platformOrigin(ctx)!, count);
  } finally {
    await app.close();
  }
}
