/**
 * The sandbox's callbacks to the platform: after the instructed delay, the order is decided (once:
 * a guarded UPDATE from pending) and its callback POSTed, signed, to the notify URL the platform gave,
 * once plus `duplicates` times, sequentially or all at once. Timers live in the process and are
 * cleared when the app closes; a callback lost to a restart is what the platform's query poll is for.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { allowedOrigins, postJson } from '../../../platform/outbound.ts';
import { sandboxOrders } from '../schema.ts';
import { signed } from '../signing.ts';
import type { Instruction } from './instructions.ts';

type SandboxOrder = typeof sandboxOrders.$inferSelect;

export interface Dispatcher {
  schedule(
    order: SandboxOrder,
    secret: string,
    i: Pick<Instruction, 'outcome' | 'delayMs' | 'duplicates' | 'concurrent' | 'failReason'>,
  ): void;
  /** Decides a pending order (or re-reads a decided one) and sends its callback now; the answers' HTTP statuses. */
  fire(
    order: SandboxOrder,
    secret: string,
    outcome: 'success' | 'fail',
    times: number,
    concurrent: boolean,
    failReason: string,
  ): Promise<number[]>;
  close(): void;
}

export function callbackParams(o: SandboxOrder, failReason: string) {
  return {
    mchNo: o.mchNo,
    orderNo: o.orderNo,
    upstreamOrderNo: o.upstreamOrderNo,
    kind: o.kind,
    status: o.status,
    amount: o.amount,
    ...(o.status === 'failed' ? { failReason } : {}),
  };
}

export function createDispatcher(ctx: AppContext, log: { warn(o: object, m: string): void }): Dispatcher {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function decide(o: SandboxOrder, outcome: 'success' | 'fail'): Promise<SandboxOrder> {
    const [decided] = await ctx.db
      .update(sandboxOrders)
      .set({ status: outcome === 'success' ? 'paid' : 'failed' })
      .where(and(eq(sandboxOrders.id, o.id), eq(sandboxOrders.status, 'pending')))
      .returning();
    if (decided) return decided;
    const [now] = await ctx.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, o.id));
    return now!;
  }

  async function send(o: SandboxOrder, secret: string, failReason: string): Promise<number> {
    try {
      // Through the outbound guard: whoever holds an account secret names the notify URL.
      const res = await postJson(
        allowedOrigins(ctx),
        o.notifyUrl,
        JSON.stringify(signed(secret, callbackParams(o, failReason), ctx.clock.now())),
        10_000,
      );
      return res.status;
    } catch (e) {
      log.warn({ err: e, orderNo: o.orderNo }, 'sandbox callback not delivered');
      return 0;
    } finally {
      if (!closed) {
        await ctx.db
          .update(sandboxOrders)
          .set({ callbacksSent: sql`${sandboxOrders.callbacksSent} + 1` })
          .where(eq(sandboxOrders.id, o.id))
          .catch(() => undefined);
      }
    }
  }

  const fire: Dispatcher['fire'] = async (order, secret, outcome, times, concurrent, failReason) => {
    const o = await decide(order, outcome);
    if (concurrent) return Promise.all(Array.from({ length: times }, () => send(o, secret, failReason)));
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push(await send(o, secret, failReason));
    return statuses;
  };

  return {
    schedule(order, secret, i) {
      if (i.outcome === 'hold' || closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (closed) return;
        fire(
          order,
          secret,
          i.outcome as 'success' | 'fail',
          1 + i.duplicates,
          i.concurrent,
          i.failReason,
        ).catch((e) => log.warn({ err: e, orderNo: order.orderNo }, 'sandbox callback failed'));
      }, i.delayMs);
      timers.add(timer);
    },
    fire,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
