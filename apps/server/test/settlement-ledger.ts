/**
 * The ledger's side of a settlement, computed the other way (settlement tests): the merchant
 * postings read one by one, put in their business day with Intl (not SQL), summed with big.js per
 * account and day; opening = balances after the account's previous posting, ledger = after the last.
 * Every stored statement must equal it, and opening + the figures must equal the closing balance.
 */
import Big from 'big.js';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { merchantSettlements } from '../src/modules/order/settlement.schema.ts';
import { ledgerPostings } from '../src/platform/ledger/index.ts';
import type { TestApp } from './harness.ts';

interface Expected {
  openingAvailable: Big;
  openingFrozen: Big;
  change: Big;
  frozenChange: Big;
  ledgerAvailable: string;
  ledgerFrozen: string;
  postings: number;
}

/** Per `<accountId>/<day>`: what the ledger says of that account's day. */
export async function ledgerDays(t: TestApp): Promise<Map<string, Expected>> {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: t.ctx.config.timeZone });
  const rows = await t.ctx.db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.ownerType, 'merchant'))
    .orderBy(asc(ledgerPostings.id));
  const last = new Map<number, { available: string; frozen: string }>();
  const out = new Map<string, Expected>();
  for (const p of rows) {
    const key = `${p.accountId}/${day.format(p.createdAt)}`;
    const before = last.get(p.accountId) ?? { available: '0', frozen: '0' };
    const e = out.get(key) ?? {
      openingAvailable: new Big(before.available),
      openingFrozen: new Big(before.frozen),
      change: new Big(0),
      frozenChange: new Big(0),
      ledgerAvailable: '0',
      ledgerFrozen: '0',
      postings: 0,
    };
    e.change = e.change.plus(p.amount);
    e.frozenChange = e.frozenChange.plus(p.frozenAmount);
    e.ledgerAvailable = p.balanceAfter;
    e.ledgerFrozen = p.frozenAfter;
    e.postings++;
    out.set(key, e);
    last.set(p.accountId, { available: p.balanceAfter, frozen: p.frozenAfter });
  }
  return out;
}

const eq0 = (a: string | Big, b: string | Big, what: string) =>
  expect(new Big(a).eq(new Big(b)), `${what}: ${a} <> ${b}`).toBe(true);

/** Every statement equals the ledger, and every account-day of the ledger has its statement. */
export async function expectSettlementsEqualLedger(t: TestApp, days?: readonly string[]) {
  const expected = await ledgerDays(t);
  const rows = await t.ctx.db.select().from(merchantSettlements);
  const wanted = [...expected.keys()].filter((k) => !days || days.includes(k.split('/')[1]!));
  expect(rows.map((r) => `${r.accountId}/${r.day}`).sort()).toEqual(expect.arrayContaining(wanted.sort()));
  for (const r of rows) {
    const e = expected.get(`${r.accountId}/${r.day}`);
    const what = `${r.mchNo} ${r.day}`;
    expect(e, what).toBeDefined();
    if (!e) continue;
    expect(r.mismatch, what).toBe(false);
    expect(r.postings, what).toBe(e.postings);
    eq0(r.openingAvailable, e.openingAvailable, `${what} opening available`);
    eq0(r.openingFrozen, e.openingFrozen, `${what} opening frozen`);
    eq0(r.closingAvailable, e.openingAvailable.plus(e.change), `${what} closing available`);
    eq0(r.closingFrozen, e.openingFrozen.plus(e.frozenChange), `${what} closing frozen`);
    eq0(r.closingAvailable, e.ledgerAvailable, `${what} closing = ledger available`);
    eq0(r.closingFrozen, e.ledgerFrozen, `${what} closing = ledger frozen`);
    eq0(r.ledgerAvailable, e.ledgerAvailable, `${what} ledger available`);
    eq0(r.frozenChange, e.frozenChange, `${what} frozen change`);
    // The columns explain the whole day: opening + movements = closing (available + frozen).
    const moved = new Big(r.depositsGross)
      .minus(r.depositFees)
      .minus(r.refunds)
      .minus(r.withdrawals)
      .minus(r.withdrawalFees)
      .plus(r.adjustCredit)
      .minus(r.adjustDebit)
      .plus(r.other);
    eq0(
      new Big(r.openingAvailable).plus(r.openingFrozen).plus(moved),
      new Big(r.closingAvailable).plus(r.closingFrozen),
      `${what} opening + movements = closing`,
    );
  }
  return rows;
}
