/**
 * An operator's fixed level given to a member, with its member_level_changes row (the level-promotion
 * report's record) in one statement: the old level is read under the row lock the UPDATE takes.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';

export async function setFixedLevel(
  tx: Tx,
  memberId: number,
  level: number,
  matchLevel: number,
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    WITH old AS (SELECT id, merchant_id, level FROM members WHERE id = ${memberId} FOR UPDATE),
    upd AS (
      UPDATE members m SET level = ${level}, match_level = ${matchLevel}, updated_at = ${at}
      FROM old WHERE m.id = old.id RETURNING m.id)
    INSERT INTO member_level_changes (member_id, merchant_id, from_level, to_level, source, at)
    SELECT old.id, old.merchant_id, old.level, ${level}, 'fix', ${at} FROM old JOIN upd ON upd.id = old.id
    WHERE old.level <> ${level}`);
}
