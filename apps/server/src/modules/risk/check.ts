/**
 * The risk check the money flows call before an order is created, matched or paid (issue 13): one
 * named statement over the lists, the freezes, the member's own state and, for a deposit, the
 * member's credit level limits; `RiskBlocked` rolls the order's transaction back, `enforce` is the
 * one-line form. The block log and the list entries are service.ts's.
 */
import { isIP } from 'node:net';
import {
  BLACK_LISTS,
  normaliseRiskValue,
  type RiskDirection,
  type RiskKind,
  type RiskList,
  systemText,
  WHITE_LISTS,
} from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientOf, GUARD, type InsertGuard } from '../../db/named-statement.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/crud/index.ts';
import { dec, decString } from '../../platform/ledger/index.ts';
import { LIST_PAGE } from './service.ts';
import { cardKey, maskedValue } from './values.ts';

/** What an order (or a match, a payout) is about: whatever of it is known. */
export interface RiskSubject {
  direction: RiskDirection;
  family?: string;
  merchantId: number;
  memberAccount?: string | null;
  realName?: string | null;
  phone?: string | null;
  idNumber?: string | null;
  ip?: string | null;
  deviceId?: string | null;
  /** A bank card number in clear (hashed here, never stored). */
  cardNo?: string | null;
  /** A crypto payee/payer address. */
  address?: string | null;
  /**
   * A deposit's CNY amount: the member's credit level limits apply to it (credit_level: single, and
   * with the member's other live or successful deposits of the platform day, daily), and the
   * merchant's daily limit (mchDailyLimit: with all its deposits of the day that did not end unpaid).
   */
  depositAmount?: string | null;
}

export type RiskDecision =
  | { allow: true; exemptedBy: number | null }
  | {
      allow: false;
      /** The resource whose entry fired: a list page's name, or mchFrozenList. */
      rule: string;
      entryId: number;
      kind: RiskKind | null;
      reason: string;
      /** The matched value, masked. */
      subject: string;
    };

interface CheckRow {
  src: 'entry' | 'freeze' | 'member' | 'merchant' | 'level' | 'merchantDay';
  id: number;
  list: RiskList | null;
  kind: RiskKind | null;
  lookup_key: string | null;
  value: string | null;
  reason: string;
  /** A level's (or the merchant's daily) limits and the deposits of the day (decimal strings). */
  single_limit: string | null;
  daily_limit: string | null;
  used_today: string | null;
}

/**
 * The check: one call of the function risk_check (made by migration 0045; its statement as of 0047,
 * which added the day locks), prepared by name. The function plans its statement once per session
 * (a generic plan); as a prepared statement of its own it was planned anew on every execution
 * (1.5 ms of planning for 0.2 ms of execution: the parameters fold whole branches away, so the
 * generic plan always looked dearer).
 * $1 now, $2 the direction's lists, $3 the merchant, $4 the lookup keys, $5 the IP or NULL, $6 the
 * direction, $7 the member account normalised (the freezes'), $8 as given (the member list's), $9 a
 * deposit's amount or NULL, $10 the platform's time zone. The statement seeks
 * `risk_list_entries_lookup_idx`, the GiST `risk_list_entries_net_idx`, `risk_freezes_live_idx`,
 * `members_merchant_account_idx` (the member read once, materialised: a generic plan would otherwise
 * seek the frozen members by status) and, only for a deposit of a member whose credit level is
 * defined, `deposit_orders_member_idx` and `usdt_deposit_orders_member_idx` for the day's sum of its
 * CNY and USDT deposits (by their CNY amount; OFFSET 0 keeps the sum after the level's join); for a
 * deposit of a merchant with a daily limit, the day's buckets of merchant_deposit_usage (at most
 * 96 x 8 rows, kept by the deposit tables' triggers); never a scan. A member frozen on memberList
 * answers its last freeze's reason.
 */
const CHECK_SQL = 'SELECT * FROM risk_check($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)';

/** The (kind, lookup key) pairs a subject can match, and what each shows in the block log. */
function candidates(ctx: AppContext, s: RiskSubject): Map<string, { kind: RiskKind; shown: string }> {
  const out = new Map<string, { kind: RiskKind; shown: string }>();
  const add = (kind: RiskKind, raw: string | null | undefined) => {
    if (!raw) return;
    const n = normaliseRiskValue(kind, raw);
    if ('problem' in n) return;
    const key = kind === 'card' ? cardKey(ctx.keys.secretKey, n.value) : n.value;
    out.set(`${kind}\u0000${key}`, { kind, shown: maskedValue(kind, n.value) });
  };
  add('member', s.memberAccount);
  add('mchMember', s.memberAccount);
  add('realName', s.realName);
  add('phone', s.phone);
  add('idNumber', s.idNumber);
  add('deviceId', s.deviceId);
  add('card', s.cardNo);
  add('address', s.address);
  return out;
}

/** The subject's IP when it is one (the GiST seek takes no other), and its member account as given. */
const ipOf = (s: RiskSubject) => (s.ip && isIP(s.ip) ? s.ip : null);
const givenAccount = (s: RiskSubject) => (s.memberAccount ?? '').trim();

/** risk_check's arguments for a subject, in its order ($1 to $10 of CHECK_SQL). */
function checkArguments(ctx: AppContext, s: RiskSubject, cands = candidates(ctx, s)): unknown[] {
  const keys = [...new Set([...cands.keys()].map((k) => k.split('\u0000')[1]!))];
  const given = givenAccount(s);
  return [
    ctx.clock.now(),
    [...BLACK_LISTS[s.direction], ...WHITE_LISTS[s.direction]],
    s.merchantId,
    keys,
    ipOf(s),
    s.direction,
    given.toLowerCase(),
    given,
    s.depositAmount ?? null,
    // The daily limit counts from the platform's midnight.
    ctx.config.timeZone,
  ];
}

const GUARD_ARGS = Array.from({ length: 10 }, (_, i) => `${GUARD}risk${i}`);

/**
 * The check as an insert's guard (insertRow's `unless`): each row risk_check answers is a case to
 * decide (a hit, a freeze, a limit), so the row is written only when it answers none, in the same
 * statement, the day locks held until the row is in the day's sums. Otherwise nothing is written and
 * the caller decides in checkOrder's transaction. `values` go with the row's.
 */
export function riskGuard(
  ctx: AppContext,
  s: RiskSubject,
): { guard: InsertGuard; values: Record<string, unknown> } {
  const args = checkArguments(ctx, s);
  return {
    guard: RISK_GUARD,
    values: Object.fromEntries(GUARD_ARGS.map((name, i) => [name, args[i]])),
  };
}

const RISK_GUARD: InsertGuard = {
  name: 'risk_check',
  sql: sql`SELECT 1 FROM risk_check(${sql.join(
    GUARD_ARGS.map((name) => sql.placeholder(name)),
    sql`, `,
  )})`,
};

/**
 * Whether the lists and freezes let this order through: one statement over indexed columns (an
 * index seek per value, the GiST index for the IP). The member frozen on memberList blocks (no
 * deposit, withdrawal or match, whatever the lists say), and a withdrawal of a merchant frozen on
 * mchList (it cannot pay out: the payout job detains what it had approved); then a live freeze of the
 * member for this direction; then a deposit above the member's credit level limits, or one that takes
 * the merchant's deposits of the platform day above its daily limit (mchList); otherwise a
 * white-list entry of the direction exempts from every list check; otherwise the first black entry
 * blocks. Run it inside the order's transaction, before any money moves, and throw `RiskBlocked` so
 * nothing is left behind.
 */
export async function checkOrder(ctx: AppContext, tx: Tx | Db, s: RiskSubject): Promise<RiskDecision> {
  const cands = candidates(ctx, s);
  const { rows } = await clientOf(tx).query<CheckRow>({
    name: 'risk-check-order',
    text: CHECK_SQL,
    values: checkArguments(ctx, s, cands),
  });
  const ip = ipOf(s);
  const given = givenAccount(s);
  // The member's and the merchant's own state, then a live freeze: each blocks whatever the lists say.
  const held = (src: CheckRow['src']) => rows.find((r) => r.src === src);
  const member = held('member');
  if (member) return blockedBy('memberList', member, 'mchMember', member.value ?? given);
  const merchant = held('merchant');
  if (merchant) return blockedBy('mchList', merchant, null, merchant.value ?? '');
  const freeze = held('freeze');
  if (freeze)
    return blockedBy(
      'mchFrozenList',
      freeze,
      freeze.value ? 'mchMember' : null,
      freeze.value || `merchant ${s.merchantId}`,
    );
  const level = held('level');
  if (level) return levelRefusal(level, s.depositAmount!);
  const day = held('merchantDay');
  if (day)
    return {
      ...blockedBy('mchDailyLimit', day, null, day.value ?? ''),
      reason: systemText('mchDailyLimit', usedOfDay(day)),
    };
  // A row matched by key counts only for its own kind (a member named like a device id does not).
  const hits = rows.filter((r) => r.kind === 'ip' || cands.has(`${r.kind}\u0000${r.lookup_key}`));
  const white = hits.find((r) => WHITE_LISTS[s.direction].includes(r.list!));
  if (white) return { allow: true, exemptedBy: Number(white.id) };
  const black = hits
    .filter((r) => BLACK_LISTS[s.direction].includes(r.list!))
    .sort((a, b) => Number(a.id) - Number(b.id))[0];
  if (!black) return { allow: true, exemptedBy: null };
  const shown =
    black.kind === 'ip' ? (ip ?? '') : (cands.get(`${black.kind}\u0000${black.lookup_key}`)?.shown ?? '');
  return {
    allow: false,
    rule: LIST_PAGE[black.list!],
    entryId: Number(black.id),
    kind: black.kind,
    reason: black.reason,
    subject: shown,
  };
}

/** A block by a state row (a frozen member or merchant, a freeze): its id and reason. */
const blockedBy = (
  rule: string,
  row: CheckRow,
  kind: RiskKind | null,
  subject: string,
): Extract<RiskDecision, { allow: false }> => ({
  allow: false,
  rule,
  entryId: Number(row.id),
  kind,
  reason: row.reason,
  subject,
});

/**
 * A deposit over the member's credit level limits: the single limit first, else the daily one; the
 * reason a system text with the limit (and what the day had used), shown in the reader's language.
 */
function levelRefusal(row: CheckRow, amount: string): Extract<RiskDecision, { allow: false }> {
  const single = dec(amount).gt(dec(row.single_limit!));
  return {
    allow: false,
    rule: 'credit_level',
    entryId: Number(row.id),
    kind: 'mchMember',
    reason: single
      ? systemText('levelSingleLimit', decString(dec(row.single_limit!)))
      : systemText('levelDailyLimit', usedOfDay(row)),
    subject: row.value ?? '',
  };
}

/** A daily limit and what the day had used, as a refusal's reason shows them: `1500 (800)`. */
const usedOfDay = (row: CheckRow) =>
  `${decString(dec(row.daily_limit!))} (${decString(dec(row.used_today!))})`;

/** Thrown inside an order's transaction so it rolls back; the caller logs the block and refuses. */
export class RiskBlocked extends Error {
  constructor(readonly decision: Extract<RiskDecision, { allow: false }>) {
    super(`blocked by ${decision.rule} #${decision.entryId}`);
  }
}

/**
 * Throws RiskBlocked when the check blocks (the one-line form for a creation path). `tx` is the
 * order's transaction: a deposit's check locks the day's sums it read until that transaction ends
 * (migration 0047), so the order must be written in it.
 */
export async function enforce(ctx: AppContext, tx: Tx, s: RiskSubject): Promise<void> {
  const d = await checkOrder(ctx, tx, s);
  if (!d.allow) throw new RiskBlocked(d);
}
