/** The demo desks' work through the console's routes (the system and the finance desk), for the start-up log. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { describeAdjustDesk, runAdjustDesk } from './adjust-desk-day.ts';
import { describeDesk, runSysDesk } from './sys-desk-day.ts';

export async function runDemoDesks(app: FastifyInstance, ctx: AppContext): Promise<string> {
  // Side by side: each waits for its authenticator's next step once (a code is spent once).
  const [sys, adjust] = await Promise.all([runSysDesk(app, ctx), runAdjustDesk(app, ctx)]);
  return `${describeDesk(sys)}\n${describeAdjustDesk(adjust)}`;
}
