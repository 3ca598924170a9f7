/**
 * financeTabList: finance tag definitions and putting them on members. A member's tags are codes in
 * members.finance_tags (comma separated), which the member list's tag filter searches, and the
 * database counts each code's members as tags change (finance_tag_counts); a tag in use cannot be
 * removed (its code would linger on members with no meaning behind it).
 */
import { ErrorCode, financeTabList, id4 } from '@payops/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCrud, setHas } from '../../platform/crud/index.ts';
import { AppError, fieldError, localeOf } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { rowAction } from '../mch/row-action.ts';
import { members } from '../member/schema.ts';
import { say } from './levels.rules.ts';
import { financeTagCounts, financeTags } from './risk-levels.schema.ts';

/** The member has tag `code` (its tags are a comma-separated set, indexed as one). */
const hasTag = (code: string) => setHas(members.financeTags, code);

const assignBody = z.strictObject({
  id: id4(),
  mchNo: z.string().trim().min(1).max(40),
  memberAccount: z.string().trim().min(1).max(64),
});

async function tagAndMember(tx: Tx, b: z.infer<typeof assignBody>, locale: 'zh-CN' | 'en-US') {
  const [tag] = await tx.select().from(financeTags).where(eq(financeTags.id, b.id));
  if (!tag) throw new AppError(ErrorCode.notFound);
  const [member] = await tx
    .select({ id: members.id, financeTags: members.financeTags })
    .from(members)
    .where(and(eq(members.mchNo, b.mchNo), eq(members.account, b.memberAccount)))
    .for('update');
  if (!member)
    throw fieldError('memberAccount', say(locale, '该商户下没有这个会员', 'No such member at this merchant'));
  return { tag, member, codes: member.financeTags.split(',').filter(Boolean) };
}

/** Puts a tag on a member (service for the auto rules and the demo as well as the route). */
export async function tagMember(tx: Tx, b: z.infer<typeof assignBody>, locale: 'zh-CN' | 'en-US' = 'en-US') {
  const { tag, member, codes } = await tagAndMember(tx, b, locale);
  const after = codes.includes(tag.code) ? codes : [...codes, tag.code];
  await tx
    .update(members)
    .set({ financeTags: after.join(',') })
    .where(eq(members.id, member.id));
  return { before: codes.join(','), after: after.join(',') };
}

export async function tagRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, financeTabList, {
    table: financeTags,
    computed: {
      // Kept by the members' triggers (migration 0052): a read of one row, not of every tagged member.
      members: sql<number>`COALESCE((SELECT c.members FROM ${financeTagCounts} c WHERE c.code = finance_tags.code), 0)`,
    },
    beforeRemove: async (rows, info) => {
      for (const r of rows) {
        const [used] = await info.tx
          .select({ id: members.id })
          .from(members)
          .where(hasTag(String(r.code)))
          .limit(1);
        if (used)
          throw fieldError(
            'code',
            say(localeOf(info.request), `标签 ${r.code} 仍在会员上使用`, `Tag ${r.code} is still on members`),
          );
      }
    },
  });

  const response = z.object({ financeTags: z.string() });
  rowAction(fastify, financeTabList, {
    name: 'assign',
    summary: "Put a finance tag on a member (by merchant no. and the member's account)",
    body: assignBody,
    response,
    run: async (request, b, tx) => {
      const r = await tagMember(tx, b, localeOf(request));
      return {
        data: { financeTags: r.after },
        audit: { before: { financeTags: r.before }, after: { financeTags: r.after } },
      };
    },
  });
  rowAction(fastify, financeTabList, {
    name: 'unassign',
    summary: 'Take a finance tag off a member',
    body: assignBody,
    response,
    run: async (request, b, tx) => {
      const { tag, member, codes } = await tagAndMember(tx, b, localeOf(request));
      const after = codes.filter((c) => c !== tag.code).join(',');
      await tx.update(members).set({ financeTags: after }).where(eq(members.id, member.id));
      return {
        data: { financeTags: after },
        audit: { before: { financeTags: codes.join(',') }, after: { financeTags: after } },
      };
    },
  });
}
