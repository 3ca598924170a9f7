import { RISK_LIST_PAGES, type RiskDirection, type RiskKind, type RiskList } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/crud/index.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/transitions/hooks.ts';
import type { RiskDecision } from './check.ts';
import { entrySubject, recordRiskOperation } from './records.ts';
import { type RiskListEntry, riskBlockLog, riskListEntries } from './risk.schema.ts';
import { prepareValue } from './values.ts';

/** The page (resource) of each list: what the block log and the operation records name. */
export const LIST_PAGE = Object.fromEntries(RISK_LIST_PAGES.map(([def, list]) => [list, def.name])) as Record<
  RiskList,
  string
>;

export interface ListEntryInput {
  list: RiskList;
  kind: RiskKind;
  /** As typed: a full card number, an address, an IP or CIDR... (normalised and checked here). */
  value: string;
  reason: string;
  merchantId?: number | null;
  expiresAt?: Date | null;
  /** 'operator' (default), 'import', or 'rule' (the rule's name is the actor's username). */
  source?: 'operator' | 'import' | 'rule';
}

const text = {
  duplicate: {
    'zh-CN': (id: number) => `已在该名单中（记录 #${id}）`,
    'en-US': (id: number) => `is already on this list (entry #${id})`,
  },
  overlap: {
    'zh-CN': (id: number, v: string) => `与已有网段重叠（记录 #${id}：${v}）`,
    'en-US': (id: number, v: string) => `overlaps an active entry (#${id}: ${v})`,
  },
  past: { 'zh-CN': '到期时间须晚于现在', 'en-US': 'must be in the future' },
  noMerchant: { 'zh-CN': '商户不存在', 'en-US': 'no such merchant' },
  reason: { 'zh-CN': '原因为2-200个字符', 'en-US': 'a reason of 2-200 characters is required' },
} as const;

/**
 * Adds an active entry (refusing a malformed, duplicate or overlapping one with a 400 naming the
 * field) and its operation record, in the caller's transaction. `ctx` gives the card-hash key and
 * the clock. Stable API: the levels branch's auto-blacklist calls it with an actor of its rule.
 */
export async function addListEntry(
  ctx: AppContext,
  tx: Tx,
  input: ListEntryInput,
  actor: Actor,
): Promise<RiskListEntry> {
  const { locale } = actor;
  const now = ctx.clock.now();
  const reason = input.reason.trim();
  if (reason.length < 2 || reason.length > 200) throw fieldError('reason', text.reason[locale]);
  if (input.expiresAt && input.expiresAt <= now) throw fieldError('expiresAt', text.past[locale]);
  const merchantId = input.merchantId ?? null;
  if (input.kind === 'mchMember' && merchantId === null)
    throw fieldError(
      'merchantId',
      locale === 'en-US' ? 'a merchant member ID needs its merchant' : '商户会员ID须指定商户',
    );
  if (merchantId !== null) {
    const m = await tx.execute(sql`SELECT 1 FROM merchants WHERE id = ${merchantId}`);
    if (!m.rows.length) throw fieldError('merchantId', text.noMerchant[locale]);
  }
  const v = await prepareValue(tx, ctx.keys.secretKey, input.list, input.kind, input.value, locale);
  const dup = await tx.execute<{ id: number }>(sql`
    SELECT id FROM risk_list_entries
     WHERE status = 'active' AND lookup_key = ${v.lookupKey} AND list = ${input.list} AND kind = ${input.kind}
       AND coalesce(merchant_id, 0) = ${merchantId ?? 0} LIMIT 1`);
  if (dup.rows[0]) throw fieldError('value', text.duplicate[locale](Number(dup.rows[0].id)));
  if (v.net) {
    const o = await tx.execute<{ id: number; value: string }>(sql`
      SELECT id, value FROM risk_list_entries
       WHERE status = 'active' AND net && ${v.net}::cidr AND list = ${input.list}
         AND coalesce(merchant_id, 0) = ${merchantId ?? 0} LIMIT 1`);
    if (o.rows[0]) throw fieldError('value', text.overlap[locale](Number(o.rows[0].id), o.rows[0].value));
  }
  const [row] = await tx
    .insert(riskListEntries)
    .values({
      list: input.list,
      kind: input.kind,
      ...v,
      merchantId,
      reason,
      expiresAt: input.expiresAt ?? null,
      source: input.source ?? 'operator',
      createdBy: actor.operatorId,
      createdAt: now,
    })
    .returning();
  await recordRiskOperation(
    tx,
    {
      operation: input.source === 'import' ? 'import' : 'add',
      target: LIST_PAGE[input.list],
      targetId: row!.id,
      ...entrySubject(row!),
      reason,
    },
    actor,
    now,
  );
  return row!;
}

export interface BlockContext {
  source: 'openapi' | 'chain' | 'payout' | 'match' | 'email' | 'trade';
  direction: RiskDirection;
  merchantId: number | null;
  mchNo?: string;
  mchOrderNo?: string;
  orderNo?: string;
  emailOrderId?: number;
}

/**
 * The block log row, in its own transaction (the refused order's was rolled back), or in `db`'s when
 * the refusal itself is a record that commits (a refused email order).
 */
export async function logBlock(
  ctx: AppContext,
  d: Extract<RiskDecision, { allow: false }>,
  where: BlockContext,
  db: Tx | AppContext['db'] = ctx.db,
): Promise<void> {
  await db.insert(riskBlockLog).values({
    at: ctx.clock.now(),
    source: where.source,
    direction: where.direction,
    rule: d.rule,
    kind: d.kind,
    entryId: d.entryId,
    merchantId: where.merchantId,
    mchNo: where.mchNo ?? '',
    mchOrderNo: where.mchOrderNo ?? '',
    orderNo: where.orderNo ?? '',
    subject: d.subject,
    reason: d.reason,
    emailOrderId: where.emailOrderId ?? null,
  });
}
