/**
 * Issue 10's section of `npm run bench`: ORDERS orders made in bulk (orders.ts), proved by
 * ledger:verify, then the order workloads against their budgets and ledger:verify again after them.
 *
 *   run alone:  node --import tsx bench/order-rows.ts [--orders N] [--runs R] [--seconds S] [--throughput-only]
 *   in run.ts:  await orderRows(world, rows, { orders, runs, seconds })
 */
import os from 'node:os';
import { merchantApiDeposits } from './merchant-api.ts';
import {
  confirmTransitions,
  ledgerSound,
  orderBadges,
  orderFilters,
  orderKeyset,
} from './order-workloads.ts';
import { growOrders } from './orders.ts';
import type { World } from './setup.ts';
import { printTable, type Row } from './stats.ts';

export interface OrderOptions {
  orders: number;
  runs: number;
  seconds: number;
  /** Only the confirm transitions and the merchant API (`--throughput-only` run alone): the CPU rows. */
  throughputOnly?: boolean;
}

export async function orderRows(w: World, rows: Row[], o: OrderOptions) {
  const deposits = Math.round(o.orders * 0.7);
  await growOrders(w, { deposits, withdrawals: o.orders - deposits, days: 180 });
  await ledgerSound(w, rows, `after ${o.orders.toLocaleString()} bulk orders`);
  if (!o.throughputOnly) {
    await orderFilters(w, rows, o.runs);
    await orderBadges(w, rows, o.runs);
    await orderKeyset(w, rows, o.runs);
  }
  // The confirm workload's queue, made after the lists and badges have been measured: a queue this
  // long (more than the workload can use) is not what the header counts on a normal day.
  const targets = 2000 * o.seconds;
  await growOrders(w, {
    deposits: targets,
    withdrawals: targets,
    days: 0.01,
    depositStatus: 'in_audit',
    withdrawStatus: 'in_review',
  });
  await confirmTransitions(w, rows, o.seconds, targets);
  await merchantApiDeposits(w, rows, o.seconds);
  await ledgerSound(w, rows, 'after the workloads');
}

if (process.argv[1]?.endsWith('order-rows.ts')) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const { makeWorld } = await import('./setup.ts');
  const orders = arg('orders', 1_000_000);
  const world = await makeWorld(arg('members', 1000));
  const rows: Row[] = [];
  try {
    await orderRows(world, rows, {
      orders,
      runs: arg('runs', 100),
      seconds: arg('seconds', 10),
      throughputOnly: process.argv.includes('--throughput-only'),
    });
  } finally {
    await world.close();
  }
  printTable(rows, `${os.cpus().length} cores, Node ${process.version}, ${orders.toLocaleString()} orders`);
  process.exit(0);
}
