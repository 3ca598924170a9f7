/**
 * USDT deposits end to end over HTTP (issue 11): the merchant API gives a pool address and the USDT
 * due at the SELL rate fixed on the order; the sandbox chain (reached over HTTP by the adapter) pays
 * it; the watcher raises confirmations and, at the configured number, credits the merchant at the
 * fixed rate (a later rate change does not reprice). Under- and over-payments and late payments
 * become exceptions that operators resolve: credit the actual amount (maker-checker, with a code),
 * refund on the chain, or ignore, racing calls having one effect. Bad input is a 400 naming the field.
 */
import { ErrorCode } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransfers } from '../src/modules/chain/chain.schema.ts';
import { expireDueUsdtDeposits } from '../src/modules/chain/jobs.ts';
import { merchants } from '../src/modules/mch/schema.ts';
import { members } from '../src/modules/member/schema.ts';
import { creditLevels } from '../src/modules/risk/risk-levels.schema.ts';
import { addrPoolFlows } from '../src/modules/sys/addr-pool.schema.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { setSetting } from '../src/platform/settings.ts';
import { call } from './harness.ts';
import { balance, mchCall } from './openapi-client.ts';
import {
  code,
  deposit,
  depositRow,
  key,
  mine,
  op,
  pay,
  payouts,
  poolRow,
  seedRates,
  type UsdtWorld,
  usdtWorld,
  watch,
} from './usdt-support.ts';

let w: UsdtWorld;

beforeAll(async () => {
  // The daily limits count the platform day's deposits: the file's in one day.
  w = await usdtWorld(8, undefined, { localHour: 10 });
});
afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const API = '/api/pay/usdtDepositOrder';

/** A moment past every open order's expiry (the job's `now`; the sessions' clock stays). */
const later = () => new Date(w.t.ctx.clock.nowMs() + 31 * 60_000);

/** Mines one block and runs the watcher, `n` times. */
async function blocks(n: number) {
  for (let i = 0; i < n; i++) {
    await mine(w.t, 1);
    await watch(w.t);
  }
}

async function poolId(address: string): Promise<number> {
  const { rows } = await w.t.ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM addr_pool WHERE address = ${address}`,
  );
  return rows[0]!.id;
}

async function newDeposit(amount: string, extra: Record<string, string> = {}) {
  const res = await deposit(w, amount, extra);
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data;
}

describe('a USDT deposit', () => {
  it('gets a pool address, is paid on the sandbox chain, confirms at N blocks and credits at the fixed rate', async () => {
    const before = await balance(w.t, w.m);
    const d = await newDeposit('718.00');
    expect(d).toMatchObject({ status: 'pending_payment', rate: '7.18000000', usdtAmount: '100.000000' });
    expect(w.pool).toContain(d.address);
    expect(await poolRow(w.t, d.address)).toMatchObject({ status: 'assigned', assignee: d.orderNo });
    // The table changes after the order was created: the order keeps its rate.
    await seedRates(w.t, '9.00', '9.10');

    const paid = await pay(w.t, d.address, '100');
    expect(paid.code).toBe(0);
    await blocks(1);
    const [seen] = await w.t.ctx.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.txHash, paid.txHash));
    expect(seen).toMatchObject({
      status: 'confirming',
      confirmations: 1,
      matched: 'deposit',
      orderNo: d.orderNo,
    });
    expect((await depositRow(w.t, d.orderNo)).status).toBe('confirming');
    await blocks(1);
    expect((await depositRow(w.t, d.orderNo)).status).toBe('confirming');
    await blocks(1);

    const o = await depositRow(w.t, d.orderNo);
    expect(o).toMatchObject({ status: 'success', creditAmount: '718.00000000', fee: '7.18000000' });
    expect(Number((await balance(w.t, w.m))!.available) - Number(before!.available)).toBeCloseTo(710.82, 2);
    // The pool: address free again, its balance and flow from the confirmed transfer.
    expect(await poolRow(w.t, d.address)).toMatchObject({
      status: 'free',
      assignee: null,
      balance: '100.00000000',
    });
    const flows = await w.t.ctx.db.select().from(addrPoolFlows).where(eq(addrPoolFlows.txHash, paid.txHash));
    expect(flows).toMatchObject([{ direction: 'in', amount: '100.00000000' }]);
    // The pages: the order, its transfer (child list by orderNo) and the address's flows.
    const list = await op<{ list: { orderNo: string; status: string }[] }>(w, `${API}/findByPage`, {
      page: 1,
      pageSize: 10,
      filters: { address: d.address },
    });
    expect(list.envelope.data.list.map((r) => r.orderNo)).toContain(d.orderNo);
    const flow = await op<{ list: { txHash: string; confirmations: number }[] }>(
      w,
      '/api/pay/addressFlow/findByPage',
      { page: 1, pageSize: 10, filters: { address: d.address } },
    );
    expect(flow.envelope.data.list).toMatchObject([{ txHash: paid.txHash, confirmations: 3 }]);
    await seedRates(w.t);
  });

  it("is found by the merchant's USDT order query", async () => {
    const d = await newDeposit('14.36');
    const byNo = await mchCall<{ status: string; address: string; usdtAmount: string }>(
      w.t,
      w.m,
      'usdt/order/query',
      { orderType: 'deposit', orderNo: d.orderNo },
    );
    expect(byNo.envelope.data).toMatchObject({
      status: 'pending_payment',
      address: d.address,
      usdtAmount: '2.000000',
    });
    const none = await mchCall(w.t, w.m, 'usdt/order/query', { orderType: 'withdraw', orderNo: d.orderNo });
    expect(none.statusCode).toBe(404);
    const neither = await mchCall(w.t, w.m, 'usdt/order/query', { orderType: 'deposit' });
    expect(neither.statusCode).toBe(400);
    expect(neither.envelope.msg).toContain('orderNo');
  });

  it('calls the merchant back at its final state (family usdtDeposit)', async () => {
    const notifyUrl = `${platformOrigin(w.t.ctx)}/api/sandbox/merchant/notify`;
    const d = await newDeposit('7.18', { notifyUrl });
    await pay(w.t, d.address, '1');
    await blocks(3);
    const { rows } = await w.t.ctx.db.execute<{ family: string; order_status: string; amount: string }>(
      sql`SELECT family, order_status, amount::text FROM merchant_notifications WHERE order_no = ${d.orderNo}`,
    );
    expect(rows).toEqual([{ family: 'usdtDeposit', order_status: 'success', amount: '7.18000000' }]);
  });

  it('needs the configured confirmations (a back-office setting)', async () => {
    await setSetting(w.t.ctx, 'usdtConfirmations', 1, null);
    const d = await newDeposit('71.80');
    await pay(w.t, d.address, '10');
    await blocks(1);
    expect((await depositRow(w.t, d.orderNo)).status).toBe('success');
    await setSetting(w.t.ctx, 'usdtConfirmations', 3, null);
  });
});

describe('risk control', () => {
  it("refuses a frozen member's USDT deposit as any deposit: riskBlocked, on the block log, no order", async () => {
    await w.t.ctx.db
      .insert(members)
      .values({ merchantId: w.m.id, mchNo: w.m.mchNo, account: 'usdt-frozen-1', status: 'frozen' });
    const res = await deposit(w, '700.00', { mchOrderNo: 'UD-FROZEN-1', memberAccount: 'usdt-frozen-1' });
    expect(res.envelope.code).toBe(2011);
    expect(res.envelope.data).toMatchObject({
      fields: [{ field: 'memberAccount', message: '会员已被冻结' }],
    });
    const { rows } = await w.t.ctx.pool.query(
      `SELECT source, direction, rule FROM risk_block_log WHERE mch_order_no = 'UD-FROZEN-1'`,
    );
    expect(rows).toEqual([{ source: 'openapi', direction: 'deposit', rule: 'memberList' }]);
    const orders = await w.t.ctx.pool.query(
      `SELECT count(*)::int AS n FROM usdt_deposit_orders WHERE mch_order_no = 'UD-FROZEN-1'`,
    );
    expect(orders.rows[0].n).toBe(0);
  });

  it("counts the member's USDT deposits of the day against its credit level's daily limit, and the merchant's", async () => {
    await w.t.ctx.db.insert(creditLevels).values({
      level: 8,
      name: 'USDT限额',
      minDepositCount: 999_999,
      singleLimit: '1000',
      dailyLimit: '1000',
    });
    await w.t.ctx.db
      .insert(members)
      .values({ merchantId: w.m.id, mchNo: w.m.mchNo, account: 'usdt-level-8', level: 8 });
    const placed = (mchOrderNo: string, amount: string) =>
      deposit(w, amount, { mchOrderNo, memberAccount: 'usdt-level-8' });
    expect((await placed('UD-LVL-1', '718.00')).envelope.code).toBe(0);
    const over = await placed('UD-LVL-2', '300.00');
    expect(over.envelope.code).toBe(2011);
    expect(over.envelope.data).toMatchObject({
      fields: [{ field: 'amount', message: '超出信用等级单日限额（括号内为当日已用）: 1000 (718)' }],
    });
    // The merchant's daily limit counts them too.
    await w.t.ctx.db.update(merchants).set({ dailyLimit: '1000' }).where(eq(merchants.id, w.m.id));
    const merchantDay = await deposit(w, '300.00', { mchOrderNo: 'UD-DAY-1' });
    await w.t.ctx.db.update(merchants).set({ dailyLimit: '0' }).where(eq(merchants.id, w.m.id));
    expect(merchantDay.envelope.data).toMatchObject({
      fields: [
        { field: 'amount', message: expect.stringMatching(/^超出商户单日充值限额.*: 1000 \(\d+(\.\d+)?\)$/) },
      ],
    });
  });
});

describe('exceptions', () => {
  it('an underpayment becomes an exception; credit actual needs a code and a second operator', async () => {
    const d = await newDeposit('718.00');
    await pay(w.t, d.address, '60.5');
    await blocks(3);
    const o = await depositRow(w.t, d.orderNo);
    expect(o).toMatchObject({ status: 'exception', exceptionKind: 'underpaid', paidUsdt: '60.50000000' });
    expect((await poolRow(w.t, d.address)).status).toBe('free');

    const noCode = await op(w, `${API}/creditActual`, { id: o.id, reason: '会员少付，按实到入账' });
    expect(noCode.statusCode).toBeGreaterThanOrEqual(400);
    expect((await depositRow(w.t, d.orderNo)).status).toBe('exception');
    const noReason = await op(w, `${API}/creditActual`, { id: o.id }, { code: await code(w) });
    expect(noReason.statusCode).toBe(400);
    const asked = await op(
      w,
      `${API}/creditActual`,
      { id: o.id, reason: '会员少付，按实到入账' },
      { code: await code(w) },
    );
    expect(asked.envelope.code, asked.body).toBe(0);
    expect((await depositRow(w.t, d.orderNo)).status).toBe('credit_pending');

    // The header bell: the request waits for the checker, not for its maker.
    const bell = async (session: typeof w.admin) => {
      const res = await call<{ groups: { kind: string; link: string; items: { text: string }[] }[] }>(
        w.t,
        'GET',
        '/api/dashboard/notifications',
        { session },
      );
      const group = res.envelope.data.groups.find((g) => g.kind === 'usdtExceptions')!;
      // The link opens both kinds the group counts.
      expect(group.link).toBe('/order/orderDepositListUSDT?status=exception,credit_pending');
      return group.items.map((i) => i.text);
    };
    expect((await bell(w.checker)).some((t) => t.startsWith(`${d.orderNo} · 少付 · 60.5 USDT`))).toBe(true);
    expect((await bell(w.admin)).some((t) => t.startsWith(d.orderNo))).toBe(false);
    const own = await op(w, `${API}/approveCredit`, { id: o.id }, { key: key() });
    expect(own.statusCode).toBe(400);
    expect(own.envelope.msg).toContain('发起人不能复核自己的申请');
    const before = await balance(w.t, w.m);
    const approved = await op(w, `${API}/approveCredit`, { id: o.id }, { session: w.checker, key: key() });
    expect(approved.envelope.code, approved.body).toBe(0);
    // 60.5 USDT x 7.18 = 434.39 CNY, fee 1% of it (cut): 4.34.
    expect(await depositRow(w.t, d.orderNo)).toMatchObject({
      status: 'success',
      creditAmount: '434.39000000',
      fee: '4.34000000',
    });
    expect(Number((await balance(w.t, w.m))!.available) - Number(before!.available)).toBeCloseTo(430.05, 2);
  });

  it('an overpayment is refunded on the chain back to the sender', async () => {
    const d = await newDeposit('71.80');
    const paid = await pay(w.t, d.address, '12');
    await blocks(3);
    const o = await depositRow(w.t, d.orderNo);
    expect(o).toMatchObject({ status: 'exception', exceptionKind: 'overpaid' });
    const res = await op(w, `${API}/refund`, { id: o.id, reason: '多付，原路退回' }, { key: key() });
    expect(res.envelope.code, res.body).toBe(0);
    expect((await payouts(w.t)).refunds).toBe(1);
    const refunding = await depositRow(w.t, d.orderNo);
    expect(refunding).toMatchObject({ status: 'refunding', refundTo: 'TXmemberWa11etSandboxPaysUsdt1234a' });
    await blocks(3);
    expect((await depositRow(w.t, d.orderNo)).status).toBe('refunded');
    const outs = await w.t.ctx.db
      .select()
      .from(addrPoolFlows)
      .where(eq(addrPoolFlows.txHash, refunding.refundTxHash!));
    expect(outs).toMatchObject([{ direction: 'out', amount: '12.00000000' }]);
    expect(paid.code).toBe(0);
  });

  it('a payment after the expiry (address released) raises the order that held it; parallel ignores, one effect', async () => {
    const d = await newDeposit('35.90');
    await expireDueUsdtDeposits(w.t.ctx, later());
    expect((await depositRow(w.t, d.orderNo)).status).toBe('timeout');
    expect((await poolRow(w.t, d.address)).status).toBe('free');
    await pay(w.t, d.address, '5');
    await blocks(1);
    const o = await depositRow(w.t, d.orderNo);
    expect(o).toMatchObject({ status: 'exception', exceptionKind: 'late', paidUsdt: '5.00000000' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => op(w, `${API}/ignore`, { id: o.id, reason: '会员确认放弃' })),
    );
    expect(
      answers.filter((a) => a.envelope.code === 0),
      answers[0]!.body,
    ).toHaveLength(1);
    expect(answers.filter((a) => a.envelope.code === ErrorCode.conflict)).toHaveLength(5);
    const { rows } = await w.t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM status_history WHERE record_id = ${String(o.id)} AND to_status = 'ignored'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('parallel credit approvals credit once', async () => {
    const d = await newDeposit('71.80');
    await pay(w.t, d.address, '9');
    await blocks(3);
    const o = await depositRow(w.t, d.orderNo);
    await op(w, `${API}/creditActual`, { id: o.id, reason: '按实到入账' }, { code: await code(w) });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        op(w, `${API}/approveCredit`, { id: o.id }, { session: w.checker, key: key() }),
      ),
    );
    expect(
      answers.filter((a) => a.envelope.code === 0),
      answers[0]!.body,
    ).toHaveLength(1);
    const { rows } = await w.t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE ref_type = 'usdt_deposit_order' AND ref_id = ${d.orderNo}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('bad input', () => {
  it('refuses an unknown network, too many decimals and a missing pool address, naming the field', async () => {
    const unknown = await deposit(w, '100.00', { network: 'BEP20' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.msg).toContain('network');
    expect(unknown.envelope.msg).toContain('不支持的网络');
    const decimals = await deposit(w, '10.005');
    expect(decimals.statusCode).toBe(400);
    expect(decimals.envelope.msg).toContain('amount');
    const erc = await deposit(w, '100.00', { network: 'ERC20' });
    expect(erc.statusCode).toBe(503);
    expect(erc.envelope.msg).toContain('network');
    expect(erc.envelope.msg).toContain('空闲收款地址');
    const { rows } = await w.t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM usdt_deposit_orders WHERE network = 'ERC20'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('never gives one address to two open orders, even in parallel; a repeated mchOrderNo answers the same order', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => deposit(w, '7.18')));
    const ok = answers.filter((a) => a.envelope.code === 0).map((a) => a.envelope.data.address);
    expect(new Set(ok).size).toBe(ok.length);
    expect(answers.some((a) => a.statusCode === 503)).toBe(true);
    // An operator frees a held address on the pool page: it is still not given to a second order.
    await op(w, '/api/sys/addrPool/edit', { id: await poolId(ok[0]!), status: 'free' });
    expect((await poolRow(w.t, ok[0]!)).status).toBe('free');
    expect((await deposit(w, '7.18')).statusCode).toBe(503);
    const again = await mchCall<{ orderNo: string }>(w.t, w.m, 'usdt/deposit/create', {
      mchOrderNo: 'REPEAT-1',
      amount: '7.18',
      network: 'TRC20',
    });
    await expireDueUsdtDeposits(w.t.ctx, later());
    const first = await mchCall<{ orderNo: string }>(w.t, w.m, 'usdt/deposit/create', {
      mchOrderNo: 'REPEAT-2',
      amount: '7.18',
      network: 'TRC20',
    });
    const repeat = await mchCall<{ orderNo: string }>(w.t, w.m, 'usdt/deposit/create', {
      mchOrderNo: 'REPEAT-2',
      amount: '7.18',
      network: 'TRC20',
    });
    expect(repeat.envelope.data.orderNo).toBe(first.envelope.data.orderNo);
    expect(again.statusCode).toBe(503);
  });
});

describe('the sandbox chain', () => {
  it('refuses a call without the node key, or with a wrong one (401, before anything is read)', async () => {
    const url = `${platformOrigin(w.t.ctx)}/sandbox/chain/pay`;
    const body = JSON.stringify({ network: 'TRC20', to: 'TXmemberWa11etSandboxPaysUsdt1234a', amount: '5' });
    const without = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-chain-node-key': 'f'.repeat(64) },
      body,
    });
    expect([without.status, wrong.status]).toEqual([401, 401]);
    expect(((await without.json()) as { msg: string }).msg).toMatch(/node key/);
  });
});
