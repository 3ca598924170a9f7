/**
 * The demo's provider balances (payManage/third_interfacet_list): the platform's treasury funds its
 * sandbox payout account before the day's payouts (a top-up at the provider, over the sandbox's signed
 * path), and once the day is over every provider is asked its balance, as the job does every ten
 * minutes on a running server. The account is funded up to its alert line (DEMO_PAYOUT_ALERT), so
 * the day's payouts take it below and the bell has a balance to show.
 */
import type { BalanceState } from '@payops/contracts';
import { refreshBalances } from '../modules/payManage/balances.ts';
import type { AppContext } from '../platform/context.ts';
import { sandboxParties, tellSandbox } from './orders.ts';
import { DEMO_PAYOUT_ALERT } from './pay-config.ts';

export async function fundPayoutAccounts(ctx: AppContext, origin: string): Promise<void> {
  for (const party of await sandboxParties(ctx, 'withdraw'))
    await tellSandbox(origin, party, 'balance/topup', { amount: DEMO_PAYOUT_ALERT });
}

export type BalancesDayReport = Partial<Record<BalanceState, number>>;

export const queryDemoBalances = (ctx: AppContext): Promise<BalancesDayReport> => refreshBalances(ctx);

export const describeBalancesDay = (r: BalancesDayReport) =>
  `provider balances: ${Object.entries(r)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ')}`;
