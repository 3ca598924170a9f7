/**
 * The level pages: credit_level and macth_level definitions (overlapping thresholds and unknown
 * pairing levels refused, naming the field) and findLevelFixedPage (a fixed level sets the member's
 * levels in the same transaction as its row and audit entry; the level job then leaves the member alone).
 */
import { creditLevel, type Locale, levelFixed, matchLevel } from '@payops/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Row, registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { members } from '../member/schema.ts';
import { setFixedLevel } from '../opsReports/level-changes.ts';
import { forgetPairingRules } from './levels.pairing.ts';
import { type CreditLevelRow, checkNoOverlap, parseLevels, say } from './levels.rules.ts';
import { creditLevels, matchLevels, memberLevelFixes } from './risk-levels.schema.ts';

async function checkMatchLevelExists(tx: Tx, field: string, level: unknown, locale: Locale) {
  const [row] = await tx
    .select({ id: matchLevels.id })
    .from(matchLevels)
    .where(eq(matchLevels.level, Number(level)));
  if (!row)
    throw fieldError(field, say(locale, `匹配等级 ${level} 未定义`, `Match level ${level} is not defined`));
}

async function checkCreditLevelExists(tx: Tx, level: unknown, locale: Locale) {
  const [row] = await tx
    .select({ id: creditLevels.id })
    .from(creditLevels)
    .where(eq(creditLevels.level, Number(level)));
  if (!row)
    throw fieldError(
      'level',
      say(locale, `信用等级 ${level} 未定义`, `Credit level ${level} is not defined`),
    );
}

/**
 * Checks a fixed level (the member exists, its levels are defined, the expiry is ahead, one per
 * member) and gives the member those levels now, in the caller's transaction (the route's, with its
 * audit row; the demo's). Completes `values` with the member id and the operator.
 */
export async function prepareFixedLevel(
  tx: Tx,
  values: Row,
  o: { before?: Row; mode: 'add' | 'edit'; locale: Locale; operatorName: string; now: Date },
): Promise<void> {
  const { locale } = o;
  const row = { ...o.before, ...values } as Row;
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.mchNo, String(row.mchNo)), eq(members.account, String(row.memberAccount))));
  if (!member)
    throw fieldError('memberAccount', say(locale, '该商户下没有这个会员', 'No such member at this merchant'));
  await checkCreditLevelExists(tx, row.level, locale);
  await checkMatchLevelExists(tx, 'matchLevel', row.matchLevel, locale);
  if (row.expiresAt && new Date(String(row.expiresAt)) <= o.now)
    throw fieldError('expiresAt', say(locale, '到期时间必须晚于现在', 'The expiry must be in the future'));
  if (o.mode === 'add') {
    const [fixed] = await tx
      .select({ id: memberLevelFixes.id })
      .from(memberLevelFixes)
      .where(eq(memberLevelFixes.memberId, member.id));
    if (fixed)
      throw fieldError(
        'memberAccount',
        say(locale, '该会员已有固定等级，请编辑它', 'This member already has a fixed level: edit it'),
      );
    values.memberId = member.id;
  }
  values.operatorName = o.operatorName;
  // The member takes the fixed levels now, in this transaction; the job will not change them.
  await setFixedLevel(tx, member.id, Number(row.level), Number(row.matchLevel), o.now);
}

export async function levelRoutes(fastify: FastifyInstance) {
  const now = () => fastify.ctx.clock.now();

  // The match engine caches the pairing rules: drop them when a definition changes.
  const afterChange = async () => forgetPairingRules(fastify.ctx);

  registerCrud(fastify, creditLevel, {
    table: creditLevels,
    afterChange,
    beforeWrite: async (values, info) => {
      const locale = localeOf(info.request);
      const row = { ...info.before, ...values } as unknown as CreditLevelRow;
      // Lock the definitions so two concurrent writes cannot both pass the overlap check.
      await info.tx.execute(sql`LOCK TABLE credit_levels IN SHARE ROW EXCLUSIVE MODE`);
      const others = await info.tx.select().from(creditLevels);
      checkNoOverlap(row, others, locale);
      if (values.matchLevel !== undefined)
        await checkMatchLevelExists(info.tx, 'matchLevel', values.matchLevel, locale);
      values.updatedAt = now();
    },
  });

  registerCrud(fastify, matchLevel, {
    table: matchLevels,
    afterChange,
    beforeWrite: async (values, info) => {
      const locale = localeOf(info.request);
      const row = { ...info.before, ...values } as Row;
      const [dup] = await info.tx
        .select({ id: matchLevels.id })
        .from(matchLevels)
        .where(
          and(eq(matchLevels.level, Number(row.level)), sql`${matchLevels.id} <> ${Number(row.id ?? 0)}`),
        );
      if (dup)
        throw fieldError(
          'level',
          say(locale, `等级 ${row.level} 已存在`, `Level ${row.level} already exists`),
        );
      const levels = parseLevels(String(row.pairsWith ?? ''));
      if (levels.length === 0)
        throw fieldError('pairsWith', say(locale, '至少填写一个等级', 'Give at least one level'));
      values.pairsWith = [...new Set(levels)].sort((a, b) => a - b).join(',');
      values.updatedAt = now();
    },
  });

  registerCrud(fastify, levelFixed, {
    table: memberLevelFixes,
    beforeWrite: (values, info) =>
      prepareFixedLevel(info.tx, values, {
        before: info.before,
        mode: info.mode,
        locale: localeOf(info.request),
        operatorName: info.request.auth?.username ?? '',
        now: now(),
      }),
  });
}
