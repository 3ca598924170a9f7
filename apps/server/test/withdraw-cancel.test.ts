/**
 * Withdrawal cancellation (issue 13's cancel records): an operator cancels an open withdrawal (in
 * review, approved, detained) with a reason; the frozen amount and fee return through the ledger in
 * the same transaction, and the cancellation shows on orderCancelRecordList like a deposit's. Not
 * from `paying` (a pooled matched withdrawal is not cancelled either: it leaves the pool by leavePool).
 */
import { orderTransferList } from '@payops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import {
  balances,
  entriesOf,
  fundMerchant,
  key,
  newMerchant,
  newWithdrawal,
  type OrderWorld,
  orderWorld,
  post,
  type Row,
  withdrawRow,
} from './order-support.ts';

let w: OrderWorld;
let m: { id: number; mchNo: string };
const API = '/api/pay/transferOrder';

beforeAll(async () => {
  w = await orderWorld();
  m = await newMerchant(w, 'Cancel Co');
  await fundMerchant(w, m.id, '1000');
});
afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const cancel = (id: number, reason = '会员撤回提现申请', k: string | null = key()) =>
  post(w, `${API}/cancel`, { id, reason }, k ? { key: k } : {});

describe('withdrawal cancel', () => {
  it('returns the frozen amount and fee, and is recorded as a cancellation', async () => {
    const o = await newWithdrawal(w, m.id, '300', 'member07');
    expect(await balances(w, m.id)).toEqual({ available: '687.00000000', frozen: '303.00000000' });
    // No reason, no Idempotency-Key: refused, nothing changed.
    expect((await cancel(o.id, '')).statusCode).toBe(400);
    expect((await cancel(o.id, '会员撤回提现申请', null)).statusCode).toBe(400);
    expect((await withdrawRow(w, o.id)).status).toBe('in_review');

    const ok = await cancel(o.id);
    expect(ok.envelope.code, ok.body).toBe(0);
    expect(await withdrawRow(w, o.id)).toMatchObject({ status: 'cancelled', failReason: '会员撤回提现申请' });
    expect(await balances(w, m.id)).toEqual({ available: '990.00000000', frozen: '0.00000000' });
    expect((await entriesOf(w, 'withdraw_order', o.orderNo)).map((e) => e.event).sort()).toEqual([
      'freeze',
      'release',
    ]);
    const records = await post<{ list: Row[] }>(w, '/api/financeRisk/orderCancelRecordList/findByPage', {
      filters: { family: 'withdraw' },
      page: 1,
      pageSize: 10,
    });
    expect(records.envelope.data.list).toMatchObject([
      {
        family: 'withdraw',
        orderNo: o.orderNo,
        kind: 'cancelled',
        fromStatus: 'in_review',
        memberAccount: 'member07',
        operatorName: 'admin',
        reason: '会员撤回提现申请',
      },
    ]);
    // Cancelled once: again is a conflict, nothing moves.
    expect((await cancel(o.id)).statusCode).toBe(409);
    expect(await balances(w, m.id)).toEqual({ available: '990.00000000', frozen: '0.00000000' });
  });

  it('cancels an approved one, but not one paying out', async () => {
    const a = await newWithdrawal(w, m.id, '100');
    await runSystemTransition(w.t.ctx, orderTransferList, 'approve', a.id);
    expect((await cancel(a.id)).envelope.code).toBe(0);
    expect((await withdrawRow(w, a.id)).status).toBe('cancelled');

    const p = await newWithdrawal(w, m.id, '100');
    await runSystemTransition(w.t.ctx, orderTransferList, 'approve', p.id);
    await runSystemTransition(w.t.ctx, orderTransferList, 'pay', p.id, {
      values: { upstreamOrderNo: 'UPC1' },
    });
    expect((await cancel(p.id)).statusCode).toBe(409);
    expect((await withdrawRow(w, p.id)).status).toBe('paying');
  });
});
