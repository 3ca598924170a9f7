/**
 * Handing a dispute to an operator, and an operator's evidence, from the dispute page:
 * - assign: the case goes to an operator who holds the dispute permission (the claim's), enabled,
 *   with a reason; one guarded UPDATE of an open case, its operation-log row (the detail's timeline)
 *   in the same transaction; the assignee then finds it in their bell (dispute-bell.ts);
 * - assignees: those operators, for the dialog's choice;
 * - addEvidence: a file from the operator (the same checks, limits and store outside the database
 *   as the parties' evidence, dispute-evidence.ts), on an open case, audited.
 */
import { disputeOrderPage, EVIDENCE_KINDS, id4, type Locale } from '@payops/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, localeOf, ok } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { rowAction } from '../mch/row-action.ts';
import { operatorRoles, operators, resources, roleResources } from '../sys/schema.ts';
import { walletDisputes } from './dispute.schema.ts';
import { addEvidence } from './dispute-evidence.ts';
import { readWalletSettings } from './wallet-settings.ts';

const text = {
  assignee: {
    'zh-CN': '该操作员不存在、已停用或没有处理申诉的权限',
    'en-US': 'is not an enabled operator allowed to handle disputes',
  },
  closed: { 'zh-CN': '申诉不存在或已裁决', 'en-US': 'no such open dispute (it may be resolved)' },
} satisfies Record<string, Record<Locale, string>>;

const HANDLE = () => disputeOrderPage.actions.claim!.permission;

/** The enabled operators holding the dispute permission (one of them, when `only` is given). */
function assignees(db: AppContext['db'] | Tx, only?: number) {
  return db
    .selectDistinct({ value: operators.id, label: operators.username })
    .from(operators)
    .innerJoin(operatorRoles, eq(operatorRoles.operatorId, operators.id))
    .innerJoin(roleResources, eq(roleResources.roleId, operatorRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(
      and(
        eq(resources.permission, HANDLE()),
        eq(operators.status, 'enabled'),
        ...(only === undefined ? [] : [eq(operators.id, only)]),
      ),
    )
    .orderBy(asc(operators.id));
}

async function openCase(tx: Tx, id: number, locale: Locale) {
  const [d] = await tx
    .select()
    .from(walletDisputes)
    .where(and(eq(walletDisputes.id, id), ne(walletDisputes.status, 'resolved')))
    .for('update');
  if (!d) throw new AppError(409, { fields: [{ field: 'id', message: text.closed[locale] }] });
  return d;
}

const assignBody = z.strictObject({
  id: id4(),
  operatorId: id4(),
  reason: z.string().trim().min(2).max(200),
});

const evidenceBody = z.strictObject({
  id: id4(),
  kind: z.enum(EVIDENCE_KINDS),
  /** The file, base64 (checked by type and size before anything is written). */
  content: z
    .string()
    .min(1)
    .max(8 * 1024 * 1024),
  note: z.string().trim().max(200).optional(),
});

export function disputeAssignRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const assign = disputeOrderPage.actions.assign!;
  fastify.get(
    `${disputeOrderPage.api}/assignees`,
    {
      config: { access: { permission: assign.permission } },
      schema: { tags: ['wallet'], summary: 'Operators a dispute can be assigned to (dispute permission)' },
    },
    async () => ok({ list: await assignees(ctx.db) }),
  );
  rowAction(fastify, disputeOrderPage, {
    name: 'assign',
    summary: 'Assign an open dispute to an operator who holds the dispute permission',
    body: assignBody,
    response: z.object({ claimedBy: z.number() }),
    run: async (request, b, tx) => {
      const locale = localeOf(request);
      const [who] = await assignees(tx, b.operatorId);
      if (!who) throw fieldError('operatorId', text.assignee[locale]);
      const d = await openCase(tx, b.id, locale);
      await tx
        .update(walletDisputes)
        .set({ claimedBy: b.operatorId, updatedAt: ctx.clock.now() })
        .where(eq(walletDisputes.id, b.id));
      return {
        data: { claimedBy: b.operatorId },
        audit: {
          before: { claimedBy: d.claimedBy },
          after: { claimedBy: b.operatorId, assignee: who.label },
          extra: { reason: b.reason },
        },
      };
    },
  });
  rowAction(fastify, disputeOrderPage, {
    name: 'addEvidence',
    summary: "Add an operator's evidence file to an open dispute (PNG, JPEG, PDF or chat text)",
    body: evidenceBody,
    response: z.object({ added: z.number() }),
    prepare: () => readWalletSettings(ctx.db),
    run: async (request, b, tx, settings) => {
      const locale = localeOf(request);
      await openCase(tx, b.id, locale);
      const file = { kind: b.kind, content: b.content, ...(b.note ? { note: b.note } : {}) };
      const added = await addEvidence(
        ctx,
        tx,
        b.id,
        'operator',
        [file],
        Number(settings.evidenceMaxKb),
        locale,
      );
      return { data: { added }, audit: { after: { evidence: b.kind, note: b.note ?? '' } } };
    },
  });
}
