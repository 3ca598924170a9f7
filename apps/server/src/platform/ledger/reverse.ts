/**
 * Reversing entries: a posted entry is never edited or deleted; a mistake is undone by a new entry
 * with every leg negated, pointing at the one it reverses. Its event is `reversal:<entry>`, and the
 * unique index on (reverses_entry_id, account_id) stands behind it: a second reversal of the same
 * entry fails even when two operators race.
 */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from './accounts.ts';
import { LedgerError } from './errors.ts';
import { dec, decString } from './money.ts';
import { type PostedEntry, postEntry } from './post.ts';
import { ledgerPostings } from './schema.ts';

export interface ReverseInput {
  operatorId?: number | null;
  note?: string;
  at?: Date;
}

export async function reverseEntry(tx: Tx, entryId: number, input: ReverseInput = {}): Promise<PostedEntry> {
  const legs = await tx
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entryId))
    .orderBy(asc(ledgerPostings.id));
  if (legs.length === 0) throw new LedgerError('noEntry', { entryId });
  const [done] = await tx
    .select({ id: ledgerPostings.id })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.reversesEntryId, entryId))
    .limit(1);
  if (done) throw new LedgerError('alreadyReversed', { entryId });
  try {
    return await postEntry(tx, {
      kind: 'reversal',
      refType: legs[0]!.refType,
      refId: legs[0]!.refId,
      operatorId: input.operatorId ?? null,
      note: input.note ?? '',
      reversesEntryId: entryId,
      event: `reversal:${entryId}`,
      at: input.at,
      legs: legs.map((l) => ({
        accountId: l.accountId,
        amount: decString(dec(l.amount).times(dec('-1'))),
        frozenAmount: decString(dec(l.frozenAmount).times(dec('-1'))),
      })),
    });
  } catch (e) {
    // A racing reversal of the same entry posted the same event first.
    if (e instanceof LedgerError && e.reason === 'duplicateEvent')
      throw new LedgerError('alreadyReversed', { entryId });
    const pg = ((e as { cause?: unknown }).cause ?? e) as { code?: string };
    if (pg.code === '23505') throw new LedgerError('alreadyReversed', { entryId });
    throw e;
  }
}
