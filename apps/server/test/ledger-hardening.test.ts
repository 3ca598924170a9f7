/**
 * Money hardening (issue 9), the ledger: each business event posted once, platform contra accounts
 * sharded so postings for different references do not queue on one row, and a property test of random
 * legs (the amount rule per leg, exact sums, overflow refused). The ledger verification closes the
 * file. The amount rule at the API edge is in ledger-amounts.test.ts.
 */
import { CURRENCIES, ErrorCode } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRA_SHARDS,
  contraShard,
  type EntryInput,
  ensureAccount,
  LedgerError,
  ledgerAccounts,
  ledgerAppError,
  ledgerEntries,
  ledgerIsSound,
  ledgerPostings,
  type PostedEntry,
  platformAccount,
  platformPosition,
  postEntries,
  postEntry,
  verifyLedger,
} from '../src/platform/ledger/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { expectBalances, inTransaction, verifyLedgerAfterAll } from './ledger-helpers.ts';
import { prng } from './seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
verifyLedgerAfterAll(() => t);

const tx = <T>(work: Parameters<TestApp['ctx']['db']['transaction']>[0]) => inTransaction<T>(t, work);

/** Units as a decimal string with exactly `scale` decimals. */
function textOf(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / 100_000_000n;
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').slice(0, scale);
  return `${negative ? '-' : ''}${whole}${scale ? `.${fraction}` : ''}`;
}

describe('each business event posts once', () => {
  const entry = (accountId: number, contra: number, event?: string): EntryInput => ({
    kind: 'deposit',
    refType: 'deposit_order',
    refId: 'D-unique-1',
    event,
    legs: [
      { accountId, amount: '12.34' },
      { accountId: contra, amount: '-12.34' },
    ],
  });

  it('a second post of the same (ref_type, ref_id, event) is a conflict and changes nothing', async () => {
    const { a, c } = await tx<{ a: number; c: number }>(async (db) => ({
      a: (await ensureAccount(db, { ownerType: 'merchant', ownerId: 7001 })).id,
      c: (await platformAccount(db, 'settlement', 'CNY', 'deposit_order:D-unique-1')).id,
    }));
    await tx((db) => postEntry(db, entry(a, c)));
    const again = await tx((db) => postEntry(db, entry(a, c))).catch((e) => e);
    expect(again).toBeInstanceOf(LedgerError);
    expect((again as LedgerError).reason).toBe('duplicateEvent');
    const answer = ledgerAppError(again as LedgerError, 'en-US');
    expect(answer.code).toBe(ErrorCode.conflict);
    expect(answer.data).toMatchObject({ message: 'this event was already posted' });
    // Another event of the same order posts (a refund after the deposit).
    await tx((db) => postEntry(db, { ...entry(c, a, 'refund') }));
    const [row] = await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, a));
    expect(row!.available).toBe('0.00000000');
    const events = await t.ctx.db
      .select({ event: ledgerEntries.event })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refId, 'D-unique-1'));
    expect(events.map((e) => e.event).sort()).toEqual(['deposit', 'refund']);
  });

  it('ten racing posts of one event: exactly one is written', async () => {
    const { a, c } = await tx<{ a: number; c: number }>(async (db) => ({
      a: (await ensureAccount(db, { ownerType: 'merchant', ownerId: 7002 })).id,
      c: (await platformAccount(db, 'settlement', 'CNY', 'deposit_order:D-race')).id,
    }));
    const race = await Promise.allSettled(
      Array.from({ length: 10 }, () => tx((db) => postEntry(db, { ...entry(a, c), refId: 'D-race' }))),
    );
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of race.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ reason: 'duplicateEvent' });
    const [row] = await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, a));
    expect(row!.available).toBe('12.34000000');
  });

  it('the bulk path refuses a batch that repeats an event (within itself or with the journal)', async () => {
    const { a, c } = await tx<{ a: number; c: number }>(async (db) => ({
      a: (await ensureAccount(db, { ownerType: 'merchant', ownerId: 7003 })).id,
      c: (await platformAccount(db, 'settlement')).id,
    }));
    const one = { ...entry(a, c), refId: 'D-bulk' };
    await expect(tx((db) => postEntries(db, [one, one]))).rejects.toMatchObject({ reason: 'duplicateEvent' });
    await tx((db) => postEntries(db, [one]));
    await expect(tx((db) => postEntries(db, [one]))).rejects.toMatchObject({ reason: 'duplicateEvent' });
    const postings = await t.ctx.db.select().from(ledgerPostings).where(eq(ledgerPostings.accountId, a));
    expect(postings).toHaveLength(1);
  });
});

describe('sharded contra accounts', () => {
  /** Refs whose contra shards are the first, another, and the first again. */
  function refsByShard() {
    const refs = Array.from({ length: 200 }, (_, i) => `deposit_order:S${i}`);
    const a = refs[0]!;
    const other = refs.find((r) => contraShard(r) !== contraShard(a))!;
    const same = refs.find((r) => r !== a && contraShard(r) === contraShard(a))!;
    return { a, other, same };
  }

  async function merchantAccount(ownerId: number) {
    return tx<number>(async (db) => (await ensureAccount(db, { ownerType: 'merchant', ownerId })).id);
  }

  const deposit = (accountId: number, ref: string) => async (db: Parameters<typeof postEntry>[0]) => {
    const contra = await platformAccount(db, 'settlement', 'CNY', ref);
    const [refType, refId] = ref.split(':') as [string, string];
    return postEntry(db, {
      kind: 'deposit',
      refType,
      refId,
      legs: [
        { accountId, amount: '1.00' },
        { accountId: contra.id, amount: '-1.00' },
      ],
    });
  };

  it('a posting held open on one shard does not block a posting for a reference on another shard', async () => {
    const { a, other, same } = refsByShard();
    // Every shard exists before the race, so only the balance rows' locks are in play.
    await tx(async (db) => {
      for (const ref of [a, other, same]) await platformAccount(db, 'settlement', 'CNY', ref);
    });
    const [x, y, z] = [await merchantAccount(8001), await merchantAccount(8002), await merchantAccount(8003)];
    let posted!: () => void;
    let release!: () => void;
    const isPosted = new Promise<void>((r) => {
      posted = r;
    });
    const released = new Promise<void>((r) => {
      release = r;
    });
    const holder = tx(async (db) => {
      await deposit(x, a)(db);
      posted();
      await released; // keeps the row locks of this posting until the others have tried
    });
    await isPosted;
    const withTimeout = (accountId: number, ref: string) =>
      tx<PostedEntry>(async (db) => {
        await db.execute(sql`SET LOCAL lock_timeout = '1s'`);
        return deposit(accountId, ref)(db);
      });
    const elsewhere = await withTimeout(y, other);
    const sameShard = await withTimeout(z, same).catch((e) => e);
    release();
    await holder;
    // The other shard's posting went through while the first was open; the same shard had to wait.
    expect(elsewhere.postings).toHaveLength(2);
    const pg = (sameShard as { cause?: { code?: string } }).cause ?? sameShard;
    expect((pg as { code?: string }).code).toBe('55P03');
  });

  it('concurrent postings for different orders touch different contra rows; the position is their sum', async () => {
    const account = await merchantAccount(8100);
    const refs = Array.from({ length: 40 }, (_, i) => `deposit_order:C${i}`);
    await Promise.all(refs.map((ref) => tx(deposit(account, ref))));
    const { rows } = await t.ctx.db.execute<{ n: string }>(sql`
      SELECT count(DISTINCT p.account_id) AS n FROM ledger_postings p
       WHERE p.owner_type = 'platform' AND p.ref_id LIKE 'C%' AND p.ref_type = 'deposit_order'`);
    expect(Number(rows[0]!.n)).toBeGreaterThan(CONTRA_SHARDS / 2);
    const { rows: shards } = await t.ctx.db.execute<{ n: string; s: string }>(sql`
      SELECT count(*) AS n, sum(available)::text AS s FROM ledger_accounts
       WHERE owner_type = 'platform' AND currency = 'CNY' AND owner_id % 1000 = 2`);
    expect(Number(shards[0]!.n)).toBeLessThanOrEqual(CONTRA_SHARDS);
    expect((await platformPosition(t.ctx.db, 'settlement')).available).toBe(shards[0]!.s);
    expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
  });
});

describe('property: random legs', () => {
  it('random scale-conforming legs: balances equal the sum of postings to the unit; bad legs change nothing', async () => {
    const rand = prng(20261123);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const currencies = ['CNY', 'USDT'] as const;
    const owners = new Map<string, number[]>();
    await tx(async (db) => {
      for (const currency of currencies) {
        const ids: number[] = [];
        for (let i = 0; i < 6; i++)
          ids.push((await ensureAccount(db, { ownerType: 'member', ownerId: 9000 + i, currency })).id);
        owners.set(currency, ids);
      }
    });
    const expected = new Map<number, bigint>();
    const balance = (id: number) => expected.get(id) ?? 0n;
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const currency = pick(currencies);
      const scale = CURRENCIES[currency].scale;
      const step = 10n ** BigInt(8 - scale);
      const ids = owners.get(currency)!;
      // One to three distinct owner accounts (a leg per account), and the contra shard of the ref.
      const chosen = [...ids].sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * 3));
      const legs = chosen.map((accountId) => ({
        accountId,
        units: BigInt(Math.floor(rand() * 2_000_000_000)) * step * (rand() < 0.3 ? -1n : 1n),
      }));
      const ref = `P${i}`;
      const broken = rand() < 0.1; // one decimal more than the currency allows
      let result: unknown;
      try {
        await tx(async (db) => {
          const contra = await platformAccount(db, 'settlement', currency, `prop:${ref}`);
          const total = legs.reduce((s, l) => s + l.units, 0n);
          const texts = legs.map((l) => textOf(l.units, scale));
          if (broken) texts[0] = `${texts[0]}${scale ? '' : '.'}1`;
          await postEntry(db, {
            kind: 'adjust_credit',
            refType: 'prop',
            refId: ref,
            legs: [
              ...legs.map((l, j) => ({ accountId: l.accountId, amount: texts[j]! })),
              { accountId: contra.id, amount: textOf(-total, scale) },
            ],
          });
        });
      } catch (e) {
        result = e;
      }
      // What the model says must happen: refused for a bad scale or an overdraft, else applied.
      const next = new Map(legs.map((l) => [l.accountId, balance(l.accountId) + l.units]));
      const overdraws = [...next.values()].some((v) => v < 0n);
      if (broken) expect(result, String(result)).toMatchObject({ reason: 'amount' });
      else if (overdraws) expect(result, String(result)).toMatchObject({ reason: 'insufficient' });
      else expect(result).toBeUndefined();
      if (broken || overdraws) refused++;
      else for (const [id, v] of next) expected.set(id, v);
    }
    expect(refused).toBeGreaterThan(10);
    await expectBalances(t.ctx.db, expected);
    expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
  });

  it('balances beyond the column are refused as overflow (never a database error), single and bulk', async () => {
    const { a, c } = await tx<{ a: number; c: number }>(async (db) => ({
      a: (await ensureAccount(db, { ownerType: 'merchant', ownerId: 9100 })).id,
      c: (await platformAccount(db, 'adjustments', 'CNY', 'big:1')).id,
    }));
    const move = (amount: string, refId: string) => ({
      kind: 'adjust_credit' as const,
      refType: 'big',
      refId,
      legs: [
        { accountId: a, amount },
        { accountId: c, amount: `-${amount}` },
      ],
    });
    const max = '99999999999999999999.99';
    await tx((db) => postEntry(db, move(max, '1')));
    await expect(tx((db) => postEntry(db, move('0.01', '2')))).rejects.toMatchObject({ reason: 'overflow' });
    await expect(tx((db) => postEntries(db, [move('0.01', '3')]))).rejects.toMatchObject({
      reason: 'overflow',
    });
    await expect(tx((db) => postEntry(db, move(`1${'0'.repeat(20)}`, '4')))).rejects.toMatchObject({
      reason: 'amount',
    });
    const overflow = await tx((db) => postEntry(db, move('0.01', '5'))).catch((e) => e);
    const refused = ledgerAppError(overflow as LedgerError, 'en-US');
    expect(refused.data).toMatchObject({
      fields: [{ field: 'amount', message: expect.stringMatching(/out of range/) }],
    });
    // Kept in each language for a log read by another operator (the merchant API's placement log).
    expect(refused.fieldsIn?.('zh-CN')).toEqual([
      { field: 'amount', message: expect.stringMatching(/^超出范围/) },
    ]);
    const [row] = await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, a));
    expect(row!.available).toBe(`${max}000000`);
  });
});
