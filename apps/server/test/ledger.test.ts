/**
 * The ledger's promises (security.md, "Money"): exact sums, guarded debits under a race, an
 * append-only journal, reversals instead of edits, and the verification that closes every test file.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ensureAccount,
  LedgerError,
  ledgerAccounts,
  ledgerIsSound,
  ledgerPostings,
  platformAccount,
  postEntries,
  postEntry,
  reverseEntry,
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

/** A random amount with up to 8 decimals (a USDT amount), as text and as an exact integer of 1e-8 units. */
function randomAmount(rand: () => number): { text: string; units: bigint } {
  const whole = Math.floor(rand() * 100_000);
  const frac = Math.floor(rand() * 100_000_000);
  const text = `${whole}.${String(frac).padStart(8, '0')}`;
  return { text, units: BigInt(whole) * 100_000_000n + BigInt(frac) };
}

const tx = <T>(work: Parameters<TestApp['ctx']['db']['transaction']>[0]) => inTransaction<T>(t, work);

describe('ledger', () => {
  it('many random postings sum exactly (no float anywhere)', async () => {
    const rand = prng(20260522);
    const owners = await tx<number[]>(async (db) => {
      const ids: number[] = [];
      for (let i = 1; i <= 5; i++)
        ids.push((await ensureAccount(db, { ownerType: 'merchant', ownerId: 900 + i, currency: 'USDT' })).id);
      return ids;
    });
    // USDT: 8 decimals, the finest scale the amount rule allows.
    const source = await tx<number>(async (db) => (await platformAccount(db, 'settlement', 'USDT')).id);
    const expected = new Map<number, bigint>(owners.map((id) => [id, 0n]));
    for (let i = 0; i < 300; i++) {
      const account = owners[Math.floor(rand() * owners.length)]!;
      const { text, units } = randomAmount(rand);
      const credit = rand() < 0.7 || expected.get(account)! < units;
      await tx(async (db) => {
        await postEntry(db, {
          kind: credit ? 'deposit' : 'withdraw',
          legs: [
            { accountId: account, amount: credit ? text : `-${text}` },
            { accountId: source, amount: credit ? `-${text}` : text },
          ],
        });
      });
      expected.set(account, expected.get(account)! + (credit ? units : -units));
    }
    await expectBalances(t.ctx.db, expected);
  });

  it('20 parallel debits that together exceed the balance never overdraw, and the journal matches', async () => {
    const [account, sink] = await tx<[number, number]>(async (db) => {
      const a = await ensureAccount(db, { ownerType: 'merchant', ownerId: 1001 });
      const s = await platformAccount(db, 'settlement');
      await postEntry(db, {
        kind: 'deposit',
        legs: [
          { accountId: a.id, amount: '1000.00' },
          { accountId: s.id, amount: '-1000.00' },
        ],
      });
      return [a.id, s.id];
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        tx(async (db) =>
          postEntry(db, {
            kind: 'withdraw',
            legs: [
              { accountId: account, amount: '-75.50' },
              { accountId: sink, amount: '75.50' },
            ],
          }),
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    // 1000 / 75.50 = 13.2: thirteen debits fit, seven are refused by the guarded UPDATE.
    expect(won).toBe(13);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
    const [row] = await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account));
    expect(row!.available).toBe('18.50000000');
    const postings = await t.ctx.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.accountId, account))
      .orderBy(ledgerPostings.id);
    expect(postings).toHaveLength(14);
    expect(postings.at(-1)!.balanceAfter).toBe('18.50000000');
    expect(postings.every((p) => !p.balanceAfter.startsWith('-'))).toBe(true);
  });

  it('refuses an unbalanced entry and a frozen balance below zero', async () => {
    const a = await tx<number>(
      async (db) => (await ensureAccount(db, { ownerType: 'merchant', ownerId: 1002 })).id,
    );
    await expect(
      tx((db) => postEntry(db, { kind: 'adjust_credit', legs: [{ accountId: a, amount: '1' }] })),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      tx((db) =>
        postEntry(db, { kind: 'unfreeze', legs: [{ accountId: a, amount: '1', frozenAmount: '-1' }] }),
      ),
    ).rejects.toThrow(/insufficient/);
  });

  it('posts an entry in one statement: legs on one account each with the balance after it, a refused account named', async () => {
    const [a, b, c] = await tx<[number, number, number]>(async (db) => [
      (await ensureAccount(db, { ownerType: 'merchant', ownerId: 1013 })).id,
      (await ensureAccount(db, { ownerType: 'merchant', ownerId: 1014 })).id,
      (await platformAccount(db, 'adjustments')).id,
    ]);
    const posted = await tx<Awaited<ReturnType<typeof postEntry>>>((db) =>
      postEntry(db, {
        kind: 'adjust_credit',
        legs: [
          { accountId: a, amount: '10.00' },
          { accountId: c, amount: '-15.50' },
          { accountId: a, amount: '-3.00', frozenAmount: '3.00' },
          { accountId: b, amount: '5.50' },
        ],
      }),
    );
    // In the order given within an account, each posting with the account's balances after it.
    expect(posted.postings.map((p) => [p.accountId, p.amount, p.balanceAfter, p.frozenAfter])).toEqual(
      expect.arrayContaining([
        [a, '10.00000000', '10.00000000', '0.00000000'],
        [a, '-3.00000000', '7.00000000', '3.00000000'],
        [b, '5.50000000', '5.50000000', '0.00000000'],
      ]),
    );
    expect(posted.postings).toHaveLength(4);
    await expectBalances(
      t.ctx.db,
      new Map([
        [a, 700_000_000n],
        [b, 550_000_000n],
      ]),
    );
    // b holds 5.50: a debit of 6 on it refuses the whole entry, naming b; a is untouched.
    const refused = tx((db) =>
      postEntry(db, {
        kind: 'adjust_debit',
        legs: [
          { accountId: a, amount: '-1.00' },
          { accountId: b, amount: '-6.00' },
          { accountId: c, amount: '7.00' },
        ],
      }),
    );
    await expect(refused).rejects.toMatchObject({ reason: 'insufficient', detail: { accountId: b } });
    await expectBalances(
      t.ctx.db,
      new Map([
        [a, 700_000_000n],
        [b, 550_000_000n],
      ]),
    );
  });
  it('the journal is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await expect(t.ctx.db.execute(sql`UPDATE ledger_postings SET amount = 0`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM ledger_postings`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`TRUNCATE ledger_postings`)).rejects.toThrow();
  });

  it('a reversing entry undoes a posting once; a second reversal is refused', async () => {
    const { account, entryId } = await tx<{ account: number; entryId: number }>(async (db) => {
      const a = await ensureAccount(db, { ownerType: 'merchant', ownerId: 1003 });
      const adj = await platformAccount(db, 'adjustments');
      const posted = await postEntry(db, {
        kind: 'adjust_credit',
        legs: [
          { accountId: a.id, amount: '250.25' },
          { accountId: adj.id, amount: '-250.25' },
        ],
      });
      return { account: a.id, entryId: posted.entryId };
    });
    const reversal = await tx<{ postings: { reversesEntryId: number | null }[] }>((db) =>
      reverseEntry(db, entryId, { note: 'typo' }),
    );
    expect(reversal.postings.every((p) => p.reversesEntryId === entryId)).toBe(true);
    const [row] = await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account));
    expect(row!.available).toBe('0.00000000');
    await expect(tx((db) => reverseEntry(db, entryId))).rejects.toThrow(/alreadyReversed/);
  });

  it('bulk posting keeps the same invariants as single postings', async () => {
    const rand = prng(7);
    await tx(async (db) => {
      const src = await platformAccount(db, 'settlement', 'USDT');
      const accounts = [];
      for (let i = 0; i < 50; i++)
        accounts.push(await ensureAccount(db, { ownerType: 'member', ownerId: 5000 + i, currency: 'USDT' }));
      const entries = [];
      for (let i = 0; i < 2000; i++) {
        const a = accounts[i % accounts.length]!;
        const amount = randomAmount(rand).text;
        entries.push({
          kind: 'deposit' as const,
          legs: [
            { accountId: a.id, amount },
            { accountId: src.id, amount: `-${amount}` },
          ],
        });
      }
      expect(await postEntries(db, entries)).toBe(4000);
    });
    const report = await verifyLedger(t.ctx.db);
    expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
    // An overdraft anywhere in a batch refuses the whole batch.
    await expect(
      tx(async (db) => {
        const a = await ensureAccount(db, { ownerType: 'member', ownerId: 6001 });
        const src = await platformAccount(db, 'settlement');
        await postEntries(db, [
          {
            kind: 'withdraw',
            legs: [
              { accountId: a.id, amount: '-1' },
              { accountId: src.id, amount: '1' },
            ],
          },
        ]);
      }),
    ).rejects.toThrow(/insufficient/);
  });

  it('verification notices a balance that does not match its postings', async () => {
    const a = await tx<number>(
      async (db) => (await ensureAccount(db, { ownerType: 'merchant', ownerId: 1004 })).id,
    );
    await t.ctx.db.update(ledgerAccounts).set({ available: '5' }).where(eq(ledgerAccounts.id, a));
    const report = await verifyLedger(t.ctx.db);
    expect(report.badAccounts.map((b) => b.id)).toContain(a);
    await t.ctx.db.update(ledgerAccounts).set({ available: '0' }).where(eq(ledgerAccounts.id, a));
  });
});
