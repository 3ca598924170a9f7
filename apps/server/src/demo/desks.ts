/** The demo desks' work through the console's routes (the system and the finance desk), for the start-up log. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { describeAdjustDesk, runAdjustDesk } from './adjust-desk-day.ts';
import { describeDesk, runSysDesk } from './sys-desk-day.ts';

export async function runDemoDesks(app: FastifyInstance, ctx: AppContext): Promise<string> {
  const sys = describeDesk(await runSysDesk(app, ctx));
  return `${sys}\n${describeAdjustDesk(await runAdjustDesk(app, ctx))}`;
}
