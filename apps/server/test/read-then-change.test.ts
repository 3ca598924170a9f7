/**
 * A money transition as a read and ONE statement (transitions/read-then-change.ts): a deposit approval
 * run by the registrar outside a transaction sends two statements and writes what the transaction's
 * path writes (the change, its status history, order event, notification, first deposit, audit row,
 * journal entry and postings); a refused posting or a row changed since the read writes nothing and
 * the transaction's path says why; a race of approvals on one order credits it once. An operator's
 * approval keeps its Idempotency-Key and answer in that statement; a repeat replays it.
 */
import { orderDepositList, systemText } from '@payops/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantNotifications } from '../src/modules/notify/schema.ts';
import { depositHooks } from '../src/modules/order/deposit-effects.ts';
import { operationLog } from '../src/modules/sys/schema.ts';
import { verifyChain } from '../src/platform/audit.ts';
import { ledgerIsSound, ledgerPostings, verifyLedger } from '../src/platform/ledger/index.ts';
import {
  registeredResource,
  runSystemTransition,
  statusHistory,
  systemActor,
  systemAuditRow,
  type TransitionHooks,
} from '../src/platform/transitions/index.ts';
import { readThenChange } from '../src/platform/transitions/read-then-change.ts';
import {
  balances,
  depositInAudit,
  depositRow,
  entriesOf,
  eventsOf,
  key,
  newMerchant,
  newWithdrawal,
  type OrderWorld,
  orderWorld,
  post,
} from './order-support.ts';
import { statementsSent } from './statements-sent.ts';

let w: OrderWorld;

beforeAll(async () => {
  w = await orderWorld();
});
afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  expect((await verifyChain(w.t.ctx.db, 'operation_log')).brokenAt).toBeUndefined();
  await w.t.close();
});

const approve = (id: number) => runSystemTransition(w.t.ctx, orderDepositList, 'approve', id);

/** A merchant whose orders carry a notify URL (so a final state writes a notification). */
async function notifiedMerchant(name: string) {
  const m = await newMerchant(w, name);
  await w.t.ctx.db.execute(
    sql`UPDATE merchants SET notify_url = 'http://127.0.0.1:9/notify' WHERE id = ${m.id}`,
  );
  return m;
}

/** What an approval wrote for an order, the same for either path (ids left out). */
async function written(id: number) {
  const { ctx } = w.t;
  const o = await depositRow(w, id);
  const history = await ctx.db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.recordId, String(id)), eq(statusHistory.transition, 'approve')));
  const audit = await ctx.db
    .select()
    .from(operationLog)
    .where(and(eq(operationLog.objectType, 'orderDepositList'), eq(operationLog.objectId, String(id))));
  const entries = await entriesOf(w, 'deposit_order', o.orderNo);
  const postings = await ctx.db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, Number(o.entryId)));
  const notes = await ctx.db
    .select()
    .from(merchantNotifications)
    .where(eq(merchantNotifications.orderId, id));
  const events = (await eventsOf(w, 'deposit', id)).filter((e) => e.action === 'deposit.approve');
  return {
    status: o.status,
    entryIsTheEntry: entries.length === 1 && entries[0]!.id === Number(o.entryId),
    history: history.map((h) => [h.fromStatus, h.toStatus, h.extra]),
    audit: audit
      .filter((a) => a.action.endsWith('.approve'))
      .map((a) => [a.operatorName, a.method, a.detail]),
    postings: postings.map((p) => [p.ownerType, p.amount]).sort(),
    notifications: notes.map((n) => [n.orderStatus, n.amount, (n.payload as Record<string, string>).status]),
    events: events.map((e) => [e.fromStatus, e.toStatus, e.operatorName]),
  };
}

describe('a deposit approval by the registrar', () => {
  it('is a read and one statement, writing what the transaction path writes', async () => {
    const m = await notifiedMerchant('Read Then Change Co');
    const one = await depositInAudit(w, m.id, '100');
    const { sent } = await statementsSent(() => approve(one.id));
    // The read, the accounts' look-ups (an account's first posting opens it; known ids are kept, so
    // later postings to it send none) and the one statement: no transaction.
    const change = sent.at(-1)!;
    expect(sent[0]).toMatch(/^select .*nextval\('ledger_entry_seq'\)/);
    // Statements of the transaction's path here mean the registrar took it (a listener without a SQL
    // form, left registered by another file of the worker, once sent every approval there).
    expect(
      sent.slice(1, -1).every((s) => s.includes('ledger_accounts')),
      sent.join('\n'),
    ).toBe(true);
    expect(change).toMatch(/^with upd as \(update "deposit_orders"/);
    for (const table of ['status_history', 'order_events', 'merchant_notifications', 'operation_log'])
      expect(change).toContain(`insert into "${table}"`);
    expect(change).toContain('insert into ledger_postings');
    expect(change).toContain('insert into member_first_deposits');
    expect(sent).not.toContain('begin');

    // The same approval on the transaction's path (the caller's transaction): the same rows.
    const other = await depositInAudit(w, m.id, '100');
    await w.t.ctx.db.transaction((tx) =>
      runSystemTransition(w.t.ctx, orderDepositList, 'approve', other.id, { tx }),
    );
    const [a, b] = [await written(one.id), await written(other.id)];
    expect(a.status).toBe('success');
    expect(a.entryIsTheEntry).toBe(true);
    expect(a.postings).toEqual([
      ['merchant', '99.00000000'],
      ['platform', '-100.00000000'],
      ['platform', '1.00000000'],
    ]);
    expect(a.notifications).toEqual([['success', '100.00000000', 'success']]);
    expect(a.events).toEqual([['in_audit', 'success', systemText('system')]]);
    const entryId = Number((await depositRow(w, one.id)).entryId);
    expect(a.history).toEqual([
      ['in_audit', 'success', { entryId, amount: '100.00000000', fee: '1.00000000' }],
    ]);
    expect(a.audit).toHaveLength(1);
    // Everything else as the transaction's path wrote it for the other order.
    const withoutIds = (x: typeof a) => JSON.stringify(x).replace(/"entryId":\d+/g, '"entryId":0');
    expect(withoutIds(a)).toBe(withoutIds(b));
    expect(await balances(w, m.id)).toEqual({ available: '198.00000000', frozen: '0.00000000' });
    // The member's first deposit is the first order's (its statement wrote it).
    const [first] = (
      await w.t.ctx.db.execute<{ order_id: string }>(
        sql`SELECT order_id FROM member_first_deposits WHERE merchant_id = ${m.id}`,
      )
    ).rows;
    expect(Number(first!.order_id)).toBe(one.id);
  });

  it('writes nothing when the posting is refused, and the transaction path says why', async () => {
    const m = await newMerchant(w, 'Read Then Change Settled Co');
    const o = await depositInAudit(w, m.id, '50');
    await approve((await depositInAudit(w, m.id, '1')).id); // opens the merchant's account
    // The merchant's day is settled up to tomorrow: no posting may be dated before.
    await w.t.ctx.db.execute(
      sql`UPDATE ledger_accounts SET settled_until = now() + interval '1 day'
          WHERE owner_type = 'merchant' AND owner_id = ${m.id}`,
    );
    const before = await balances(w, m.id);
    const { sent, result } = await statementsSent(() =>
      approve(o.id).then(
        () => null,
        (e: Error) => e,
      ),
    );
    expect(result?.message ?? '').not.toBe('');
    expect(sent.some((s) => s.startsWith('with upd as (update "deposit_orders"'))).toBe(true);
    expect(sent).toContain('begin');
    expect(sent.at(-1)).toBe('rollback');
    const after = await written(o.id);
    expect(after.status).toBe('in_audit');
    expect([after.history, after.audit, after.postings, after.events]).toEqual([[], [], [], []]);
    expect(await balances(w, m.id)).toEqual(before);
  });

  it('does not change a row changed since the read', async () => {
    const m = await newMerchant(w, 'Read Then Change Stale Co');
    const o = await depositInAudit(w, m.id, '70');
    const r = registeredResource(orderDepositList);
    const t = orderDepositList.lifecycle!.transitions.approve!;
    const own = depositHooks().approve as TransitionHooks<unknown>;
    // Another writer changes the amount after the read, before the statement.
    const hooks: TransitionHooks<unknown> = {
      ...own,
      prepare: async (step) => {
        const prepared = await own.prepare!(step);
        await w.t.ctx.db.execute(sql`UPDATE deposit_orders SET amount = 80 WHERE id = ${o.id}`);
        return prepared;
      },
    };
    const body = { id: o.id };
    const actor = systemActor();
    const done = await readThenChange(w.t.ctx, r, t, { id: o.id, body, actor }, hooks, (outcome, now) =>
      systemAuditRow(orderDepositList, t, outcome, body, actor, now),
    );
    expect(done).toBeUndefined();
    const after = await written(o.id);
    expect(after.status).toBe('in_audit');
    expect([after.history, after.audit, after.postings, after.events]).toEqual([[], [], [], []]);
    // The transaction's path then credits the amount the order has now.
    await approve(o.id);
    expect((await written(o.id)).postings).toContainEqual(['merchant', '79.30000000']);
  });

  it('credits an order once when approvals race', async () => {
    const m = await newMerchant(w, 'Read Then Change Race Co');
    const o = await depositInAudit(w, m.id, '10');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => approve(o.id)));
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(1);
    expect(await balances(w, m.id)).toEqual({ available: '9.90000000', frozen: '0.00000000' });
    expect((await written(o.id)).history).toHaveLength(1);
  });
});

describe("an operator's deposit approval", () => {
  it('keeps its Idempotency-Key and answer in the same one statement; a repeat replays it', async () => {
    const m = await newMerchant(w, 'Read Then Change Route Co');
    const o = await depositInAudit(w, m.id, '200');
    const k = key();
    const { sent, result: res } = await statementsSent(() =>
      post(w, '/api/pay/depositOrder/approve', { id: o.id }, { key: k }),
    );
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).toEqual({ id: o.id, from: 'in_audit', to: 'success', effect: null });
    expect(sent, sent.join('\n')).not.toContain('begin');
    const change = sent.find((s) => s.startsWith('with kept as (insert into idempotency_keys'));
    expect(change).toContain('update "deposit_orders"');
    expect(change).toContain('insert into ledger_postings');
    const [kept] = (
      await w.t.ctx.db.execute<{ response: unknown }>(
        sql`SELECT response FROM idempotency_keys WHERE key = ${k}`,
      )
    ).rows;
    expect(kept!.response).toEqual(res.envelope.data);
    const audit = await w.t.ctx.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.objectType, 'orderDepositList'), eq(operationLog.objectId, String(o.id))));
    expect(audit.filter((a) => a.method === 'POST').map((a) => [a.operatorName, a.code])).toEqual([
      ['admin', 0],
    ]);

    // The same key again: the same answer, nothing moved twice.
    const again = await post(w, '/api/pay/depositOrder/approve', { id: o.id }, { key: k });
    expect(again.envelope).toEqual(res.envelope);
    expect(await balances(w, m.id)).toEqual({ available: '198.00000000', frozen: '0.00000000' });
    expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(1);
    // The same key for another order: refused on the header, nothing changed.
    const other = await depositInAudit(w, m.id, '5');
    const mismatch = await post(w, '/api/pay/depositOrder/approve', { id: other.id }, { key: k, en: true });
    expect(mismatch.envelope.code).not.toBe(0);
    expect(JSON.stringify(mismatch.envelope)).toContain('Idempotency-Key');
    expect((await depositRow(w, other.id)).status).toBe('in_audit');
  });

  it('keeps no key when the order moved on, and answers why', async () => {
    const m = await newMerchant(w, 'Read Then Change Late Co');
    const o = await depositInAudit(w, m.id, '20');
    await approve(o.id);
    const k = key();
    const late = await post(w, '/api/pay/depositOrder/approve', { id: o.id }, { key: k, en: true });
    expect(late.envelope.code).not.toBe(0);
    expect(JSON.stringify(late.envelope)).toContain('no longer');
    const { rows } = await w.t.ctx.db.execute(sql`SELECT 1 FROM idempotency_keys WHERE key = ${k}`);
    expect(rows).toEqual([]);
    expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(1);
  });

  it('moves the money once when requests race, with one key or with many', async () => {
    const m = await newMerchant(w, 'Read Then Change Route Race Co');
    const [one, many] = [await depositInAudit(w, m.id, '30'), await depositInAudit(w, m.id, '40')];
    const k = key();
    const sameKey = await Promise.all(
      Array.from({ length: 6 }, () => post(w, '/api/pay/depositOrder/approve', { id: one.id }, { key: k })),
    );
    // Each repeat waits for the first's key, then replays its answer.
    expect(sameKey.map((r) => r.envelope.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(new Set(sameKey.map((r) => JSON.stringify(r.envelope.data))).size).toBe(1);
    const manyKeys = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(w, '/api/pay/depositOrder/approve', { id: many.id }, { key: key() }),
      ),
    );
    expect(manyKeys.filter((r) => r.envelope.code === 0)).toHaveLength(1);
    for (const o of [one, many]) expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(1);
    expect(await balances(w, m.id)).toEqual({ available: '69.30000000', frozen: '0.00000000' });
  });

  it("refuses a refund the merchant's balance cannot pay: the statement keeps nothing, the answer says why", async () => {
    const m = await newMerchant(w, 'Read Then Change Refund Co');
    const o = await depositInAudit(w, m.id, '1000');
    await approve(o.id);
    await newWithdrawal(w, m.id, '900'); // 900 + 9 fee frozen
    const k = key();
    const { sent, result: res } = await statementsSent(() =>
      post(w, '/api/pay/depositOrder/refund', { id: o.id, reason: '会员申请退款' }, { key: k }),
    );
    // The one statement was sent and undone; the transaction's path answered.
    expect(sent.some((s) => s.startsWith('with kept as (insert into idempotency_keys'))).toBe(true);
    expect(res.statusCode).toBe(400);
    expect(res.envelope.data).toMatchObject({
      fields: [{ field: 'id', message: '商户可用余额不足，无法退款' }],
    });
    expect((await depositRow(w, o.id)).status).toBe('success');
    expect(await balances(w, m.id)).toEqual({ available: '81.00000000', frozen: '909.00000000' });
    const { rows } = await w.t.ctx.db.execute(sql`SELECT 1 FROM idempotency_keys WHERE key = ${k}`);
    expect(rows).toEqual([]);
  });
});
