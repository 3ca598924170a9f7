/**
 * The market's one-statement paths (issue 15's budget): the take's guarded UPDATE, child order and
 * trader row in one statement; the ends' journal entry id drawn by the transition's guarded UPDATE;
 * a ledger leg and its posting in one statement. Two first-time takers racing for the last amount
 * leave one order, one trader row and one freeze; every order's entries are the ones it names; the
 * ledger and the audit chain verify after it all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, confirmOrder, createAd, markPaid, takeAd } from '../src/modules/trade/index.ts';
import { verifyChain } from '../src/platform/audit.ts';
import type { AppError } from '../src/platform/errors.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { actorOf, adRow, coins, fund, ref, type TradeWorld, tradeWorld } from './trade-support.ts';

let w: TradeWorld;
beforeAll(async () => {
  w = await tradeWorld(['seller', 'first1', 'first2', 'buyer']);
  await fund(w, 'seller', '1000');
});
afterAll(() => w.t.close());

const take = (adId: number, taker: string, amount: string) =>
  takeAd(w.t.ctx, { adId, taker: ref(w, taker), amount, payType: 'bank_card' }, actorOf(taker));

async function traderRows(account: string): Promise<number> {
  const { rows } = await w.t.ctx.pool.query(
    `SELECT count(*)::int AS n FROM trade_traders WHERE owner_type = 'member' AND owner_code = $1`,
    [account],
  );
  return rows[0].n;
}

async function entriesOf(orderNo: string) {
  const { rows } = await w.t.ctx.pool.query(
    `SELECT e.id::int AS id, e.event, count(p.id)::int AS legs, sum(p.amount + p.frozen_amount)::float8 AS net
       FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
      WHERE e.ref_type = 'trade_order' AND e.ref_id = $1 GROUP BY e.id, e.event ORDER BY e.id`,
    [orderNo],
  );
  return rows as { id: number; event: string; legs: number; net: number }[];
}

async function orderEntries(id: number) {
  const { rows } = await w.t.ctx.pool.query(
    'SELECT order_no, freeze_entry_id::int AS freeze, end_entry_id::int AS "end" FROM trade_orders WHERE id = $1',
    [id],
  );
  return rows[0] as { order_no: string; freeze: number; end: number | null };
}

describe('the market in few statements', () => {
  it('two first-time takers on the last amount: one order, one trader row, one freeze; the other a 409 and nothing written', async () => {
    const ad = await createAd(
      w.t.ctx,
      { trader: ref(w, 'seller'), poolId: w.poolId, side: 'sell', amount: '50' },
      actorOf('seller'),
    );
    expect([await traderRows('first1'), await traderRows('first2')]).toEqual([0, 0]);
    const results = await Promise.allSettled([take(ad.id, 'first1', '50'), take(ad.id, 'first2', '50')]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0]!.reason as AppError).code).toBe(409);
    // The loser's trader row was never made (it would be by its first successful activity).
    expect((await traderRows('first1')) + (await traderRows('first2'))).toBe(1);
    const { rows } = await w.t.ctx.pool.query('SELECT id FROM trade_orders WHERE ad_id = $1', [ad.id]);
    expect(rows).toHaveLength(1);
    expect(await adRow(w, ad.id)).toEqual({ status: 'open', remaining: 0 });
    expect(await coins(w, 'seller')).toEqual({ available: 950, frozen: 50 });
    // The freeze posted under the entry id the take's statement kept on the order.
    const o = await orderEntries(rows[0].id);
    expect(await entriesOf(o.order_no)).toEqual([{ id: o.freeze, event: 'freeze', legs: 1, net: 0 }]);
  });

  it("the ends post under the entry id the transition's guarded UPDATE drew; the row before is the row before", async () => {
    const ad = await createAd(
      w.t.ctx,
      { trader: ref(w, 'seller'), poolId: w.poolId, side: 'sell', amount: '100' },
      actorOf('seller'),
    );
    const done = await take(ad.id, 'buyer', '40');
    const paid = await markPaid(w.t.ctx, done.id, { by: ref(w, 'buyer') }, actorOf('buyer'));
    // `values` columns: the outcome's before has the old deadline and no paid time, its after the new.
    expect(paid.before.status).toBe('matched');
    expect(paid.before.paidAt).toBeNull();
    expect(paid.after.paidAt).not.toBeNull();
    expect(String(paid.before.deadline)).not.toBe(String(paid.after.deadline));
    const confirmed = await confirmOrder(w.t.ctx, done.id, { by: ref(w, 'seller') }, actorOf('seller'));
    expect(confirmed.before.endEntryId).toBeNull();
    expect(confirmed.after.endEntryId).toBe(confirmed.extra.entryId);
    const c = await orderEntries(done.id);
    expect(await entriesOf(c.order_no)).toEqual([
      { id: c.freeze, event: 'freeze', legs: 1, net: 0 },
      { id: c.end, event: 'settle', legs: 3, net: 0 },
    ]);

    const dropped = await take(ad.id, 'buyer', '30');
    await cancelOrder(
      w.t.ctx,
      dropped.id,
      { reason: 'changed my mind', by: ref(w, 'buyer') },
      actorOf('buyer'),
    );
    const r = await orderEntries(dropped.id);
    expect(await entriesOf(r.order_no)).toEqual([
      { id: r.freeze, event: 'freeze', legs: 1, net: 0 },
      { id: r.end, event: 'release', legs: 1, net: 0 },
    ]);
    expect((await adRow(w, ad.id)).remaining).toBe(60);
    // seller: 1000 - 50 (first test, still frozen) - 40 (sold); 30 released back.
    expect(await coins(w, 'seller')).toEqual({ available: 910, frozen: 50 });
    expect(await coins(w, 'buyer')).toEqual({ available: 39.96, frozen: 0 });
    const { rows: history } = await w.t.ctx.pool.query(
      `SELECT transition, from_status, to_status FROM status_history
        WHERE resource = 'tradeOrderList' AND record_id = $1 ORDER BY id`,
      [String(done.id)],
    );
    expect(history).toEqual([
      { transition: 'pay', from_status: 'matched', to_status: 'paid' },
      { transition: 'confirm', from_status: 'paid', to_status: 'completed' },
    ]);
  });

  it('the ledger balances and the audit chain verifies after it all', async () => {
    expect(ledgerIsSound(await verifyLedger(w.t.ctx.db))).toBe(true);
    const chain = await verifyChain(w.t.ctx.db, 'operation_log');
    expect(chain.brokenAt).toBeUndefined();
    expect(chain.rows).toBeGreaterThan(5);
  });
});
