/**
 * USDT withdrawals over HTTP (issue 11): the address is checked for its network and unknown networks
 * are refused, naming the field; the CNY amount (usdtAmount x the BUY rate fixed now) + fee is frozen;
 * an operator approves (the payout job sends it from the hot wallet on the sandbox chain, tx hash
 * kept) and the watcher settles it after N confirmations, or unfreezes it when the chain fails it;
 * a rejection unfreezes at once; parallel approvals pay once.
 */
import { orderTransferListUSDT, systemText } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAddress } from '../src/demo/usdt-addresses.ts';
import { runUsdtDay } from '../src/demo/usdt-day.ts';
import { HOT_WALLETS } from '../src/modules/chain/adapter.ts';
import { chainTransfers } from '../src/modules/chain/chain.schema.ts';
import { merchants } from '../src/modules/mch/schema.ts';
import { members } from '../src/modules/member/schema.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { balance, mchCall } from './openapi-client.ts';
import {
  key,
  mchOrderNo,
  mine,
  op,
  payouts,
  sandbox,
  seedRates,
  type UsdtWorld,
  usdtWorld,
  watch,
  withdrawRow,
} from './usdt-support.ts';

let w: UsdtWorld;

beforeAll(async () => {
  w = await usdtWorld(2, '10000');
});
afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const API = '/api/pay/usdtWithdrawOrder';
const payee = sandboxAddress('TRC20', 'payee');

function withdraw(usdtAmount: string, extra: Record<string, string> = {}) {
  return mchCall<{ orderNo: string; status: string; amount: string; fee: string; rate: string }>(
    w.t,
    w.m,
    'usdt/withdraw/create',
    { mchOrderNo: mchOrderNo('UW'), usdtAmount, network: 'TRC20', address: payee, ...extra },
  );
}

async function blocks(n: number) {
  for (let i = 0; i < n; i++) {
    await mine(w.t, 1);
    await watch(w.t);
  }
}

describe('a USDT withdrawal', () => {
  it('freezes CNY at the BUY rate, is approved, paid on the chain and settled after N confirmations', async () => {
    const res = await withdraw('100');
    expect(res.envelope.code, res.body).toBe(0);
    // 100 USDT x 7.25 = 725.00 CNY, fee 1%: 7.25; frozen together.
    expect(res.envelope.data).toMatchObject({
      status: 'in_review',
      amount: '725.00',
      fee: '7.25',
      rate: '7.25000000',
    });
    expect(await balance(w.t, w.m)).toEqual({ available: '9267.75000000', frozen: '732.25000000' });
    await seedRates(w.t, '8', '8');
    const o = await withdrawRow(w.t, res.envelope.data.orderNo);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => op(w, `${API}/approve`, { id: o.id }, { key: key() })),
    );
    expect(answers.filter((a) => a.envelope.code === 0)).toHaveLength(1);
    expect((await payouts(w.t)).sent).toBe(1);
    expect((await payouts(w.t)).sent).toBe(0);
    const paying = await withdrawRow(w.t, o.orderNo);
    expect(paying.status).toBe('paying');
    expect(paying.txHash).toMatch(/^[0-9a-f]{64}$/);
    await blocks(2);
    const [t] = await w.t.ctx.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.txHash, paying.txHash!));
    expect(t).toMatchObject({ direction: 'out', matched: 'withdraw', toAddress: payee, confirmations: 2 });
    await blocks(1);
    expect(await withdrawRow(w.t, o.orderNo)).toMatchObject({ status: 'success', amount: '725.00000000' });
    expect(await balance(w.t, w.m)).toEqual({ available: '9267.75000000', frozen: '0.00000000' });
    await seedRates(w.t);
  });

  it('a payout the chain fails unfreezes amount + fee', async () => {
    const before = await balance(w.t, w.m);
    const res = await withdraw('10.5');
    const o = await withdrawRow(w.t, res.envelope.data.orderNo);
    await op(w, `${API}/approve`, { id: o.id }, { key: key() });
    await payouts(w.t);
    const { txHash } = await withdrawRow(w.t, o.orderNo);
    expect((await sandbox(w.t, 'fail', { txHash })).code).toBe(0);
    await blocks(1);
    expect(await withdrawRow(w.t, o.orderNo)).toMatchObject({
      status: 'failed',
      failReason: systemText('chainFailed'),
    });
    expect(await balance(w.t, w.m)).toEqual(before);
  });

  it('a send whose answer was lost is sent again with its reference: one transaction, paid once', async () => {
    const res = await withdraw('3');
    const o = await withdrawRow(w.t, res.envelope.data.orderNo);
    await op(w, `${API}/approve`, { id: o.id }, { key: key() });
    // The process sent it and died before keeping the hash: the chain has the transaction, the order none.
    await runSystemTransition(w.t.ctx, orderTransferListUSDT, 'pay', o.id);
    const lost = await sandbox<{ txHash: string }>(w.t, 'send', {
      network: 'TRC20',
      from: HOT_WALLETS.TRC20,
      to: payee,
      amount: '3.000000',
      ref: o.orderNo,
    });
    const [again] = await Promise.all([payouts(w.t), payouts(w.t)]);
    expect(again.sent).toBe(1);
    expect((await withdrawRow(w.t, o.orderNo)).txHash).toBe(lost.txHash);
    const { rows } = await w.t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sandbox_chain_txs WHERE ref = ${o.orderNo}`,
    );
    expect(rows[0]!.n).toBe(1);
    await blocks(3);
    expect((await withdrawRow(w.t, o.orderNo)).status).toBe('success');
  });

  it('a rejection needs a reason and unfreezes', async () => {
    const before = await balance(w.t, w.m);
    const res = await withdraw('1.25');
    const o = await withdrawRow(w.t, res.envelope.data.orderNo);
    const noReason = await op(w, `${API}/reject`, { id: o.id }, { key: key() });
    expect(noReason.statusCode).toBe(400);
    const rejected = await op(w, `${API}/reject`, { id: o.id, reason: '地址风险待核实' }, { key: key() });
    expect(rejected.envelope.code, rejected.body).toBe(0);
    expect(await balance(w.t, w.m)).toEqual(before);
    const { rows } = await w.t.ctx.db.execute<{ event: string }>(
      sql`SELECT event FROM ledger_entries WHERE ref_type = 'usdt_withdraw_order' AND ref_id = ${o.orderNo} ORDER BY id`,
    );
    expect(rows.map((r) => r.event)).toEqual(['freeze', 'release']);
  });
});

describe('bad input', () => {
  it('names the field: malformed address, unknown network, too many decimals, insufficient balance', async () => {
    const bad = await withdraw('10', { address: 'T123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.msg).toContain('address');
    expect(bad.envelope.msg).toContain('不是有效的TRC20地址');
    const own = await withdraw('10', { address: w.pool[0]! });
    expect(own.envelope.msg).toContain('不能提现到平台自己的地址');
    const wrongNet = await withdraw('10', { network: 'ERC20' });
    expect(wrongNet.envelope.msg).toContain('不是有效的ERC20地址');
    const unknown = await mchCall(
      w.t,
      w.m,
      'usdt/withdraw/create',
      {
        mchOrderNo: mchOrderNo(),
        usdtAmount: '10',
        network: 'OMNI',
        address: payee,
      },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.msg).toContain('network unknown network');
    const decimals = await withdraw('1.1234567');
    expect(decimals.statusCode).toBe(400);
    expect(decimals.envelope.msg).toContain('usdtAmount');
    const tooMuch = await withdraw('100000');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.envelope.code).toBe(2007);
    const { rows } = await w.t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM usdt_withdraw_orders WHERE usdt_amount IN (10, 100000, 1.1234567)`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the CNY value of a USDT withdrawal', () => {
  it("is held to the merchant's single limits and the withdrawal pay parameters; a frozen member is refused by the risk check", async () => {
    const made = async () =>
      (await w.t.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM usdt_withdraw_orders`))
        .rows[0]!.n;
    const before = await made();
    // 100 USDT is worth 725.00 CNY at the BUY rate.
    await w.t.ctx.db.update(merchants).set({ singleMax: '700' }).where(eq(merchants.id, w.m.id));
    const single = await withdraw('100');
    expect(single.statusCode).toBe(400);
    expect(single.envelope.code).toBe(2009);
    await w.t.ctx.db.update(merchants).set({ singleMax: '0' }).where(eq(merchants.id, w.m.id));
    const parameters = (enabled: boolean) =>
      op(w, '/api/pay/payotherconfig/addOrEdit', {
        code: 'withdraw',
        minAmount: '1',
        maxAmount: '700',
        feeRate: '0',
        feeHint: '提现',
        enabled,
      });
    expect((await parameters(true)).envelope.code).toBe(0);
    const param = await mchCall(
      w.t,
      w.m,
      'usdt/withdraw/create',
      { mchOrderNo: mchOrderNo('UW'), usdtAmount: '100', network: 'TRC20', address: payee },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(param.envelope.code).toBe(2009);
    expect(param.envelope.data).toEqual({
      fields: [
        { field: 'usdtAmount', message: expect.stringMatching(/\(1 to 700\) \(worth 725\.00 CNY\)$/) },
      ],
    });
    expect((await parameters(false)).envelope.code).toBe(0);
    // The member is named, not the address.
    await w.t.ctx.db
      .insert(members)
      .values({ merchantId: w.m.id, mchNo: w.m.mchNo, account: 'usdt-frozen-1', status: 'frozen' });
    const frozen = await withdraw('10', { memberAccount: 'usdt-frozen-1' });
    expect(frozen.envelope.code).toBe(2011);
    expect(frozen.envelope.data).toEqual({ fields: [{ field: 'memberAccount', message: '会员已被冻结' }] });
    expect(await made()).toBe(before);
    expect((await withdraw('10')).envelope.code).toBe(0);
  });
});

describe('the demo day', () => {
  it('fills every USDT page through the merchant API, the sandbox chain and the operators', async () => {
    const report = await runUsdtDay(w.t.ctx, platformOrigin(w.t.ctx)!);
    expect(report.deposits).toBe(8);
    expect(report.withdrawals).toBe(4);
    const statuses = async (api: string, field = 'status') => {
      const res = await op<{ list: Record<string, unknown>[] }>(w, `${api}/findByPage`, {
        page: 1,
        pageSize: 100,
      });
      expect(res.envelope.code, res.body).toBe(0);
      return new Set(res.envelope.data.list.map((r) => r[field]));
    };
    const deposits = await statuses('/api/pay/usdtDepositOrder');
    for (const s of ['success', 'exception', 'refunded', 'credit_pending', 'pending_payment', 'confirming'])
      expect(deposits).toContain(s);
    const withdrawals = await statuses(API);
    for (const s of ['success', 'failed', 'rejected', 'in_review']) expect(withdrawals).toContain(s);
    const matched = await statuses('/api/pay/chainTransfer', 'matched');
    for (const m of ['deposit', 'refund', 'withdraw']) expect(matched).toContain(m);
    expect((await statuses('/api/pay/addressFlow', 'direction')).size).toBe(2);
  });
});
