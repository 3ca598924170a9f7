/**
 * What the reconciliation transitions do beside the status change: a statement closes only when none
 * of its lines is open; resolving a line keeps the note, who and when, and lowers its statement's open
 * count; the two money resolutions request the matched order's own manual decision (maker-checker:
 * a second operator approves it on the order's page, which alone moves money) in the same transaction.
 */
import { ErrorCode, orderDepositList, orderTransferList, systemText } from '@payops/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import {
  runSystemTransition,
  type TransitionHooks,
  type TransitionStep,
} from '../../platform/transitions/index.ts';
import { reconLines, reconStatements } from './reconciliation.schema.ts';

const say = {
  'zh-CN': {
    open: (n: number) => `还有 ${n} 行差异未处理，处理完才能关账`,
    noOrder: '该行没有对应的平台订单，只能备注处理',
  },
  'en-US': {
    open: (n: number) => `${n} line(s) still open: resolve them before closing the day`,
    noOrder: 'this line has no order of ours: resolve it with a note',
  },
} as const;

export function statementHooks(): Record<string, TransitionHooks> {
  return {
    close: {
      async check({ tx, before, actor }) {
        const [row] = await tx
          .select({ n: count() })
          .from(reconLines)
          .where(and(eq(reconLines.resolution, 'open'), eq(reconLines.statementId, Number(before.id))));
        const n = row?.n ?? 0;
        if (n > 0)
          throw new AppError(ErrorCode.conflict, {
            fields: [{ field: 'status', message: say[actor.locale].open(n) }],
          });
      },
      set: ({ now }) => ({ closedAt: now }),
    },
  };
}

const resolved = ({ body, actor, now }: Omit<TransitionStep, 'after' | 'tx'>) => ({
  note: body.reason ?? '',
  resolvedBy: actor.operatorId,
  resolvedByName: actor.username,
  resolvedAt: now,
});

async function lowerOpenCount({ tx, after }: TransitionStep) {
  await tx
    .update(reconStatements)
    .set({ openLines: sql`${reconStatements.openLines} - 1` })
    .where(eq(reconStatements.id, Number(after.statementId)));
  return undefined;
}

/** Requests the matched order's manual decision, under the operator resolving the line. */
function requestDecision(ctx: AppContext, decision: 'manualSuccess' | 'manualFail'): TransitionHooks {
  return {
    set: resolved,
    check({ before, actor }) {
      if (!before.orderId) throw fieldError('id', say[actor.locale].noOrder);
    },
    async effect(step) {
      const { before, tx, actor } = step;
      const def = before.orderFamily === 'withdraw' ? orderTransferList : orderDepositList;
      // The statement's number, then what the operator typed: 对账 / Reconciliation in the reader's language.
      const reason = systemText(
        'reconciliation',
        `#${before.statementId} ${step.body.reason ?? ''}`.trim(),
      ).slice(0, 200);
      await runSystemTransition(ctx, def, decision, before.orderId, { tx, actor, reason });
      await lowerOpenCount(step);
      return { extra: { order: before.orderNo, decision } };
    },
  };
}

export function lineHooks(ctx: AppContext): Record<string, TransitionHooks> {
  return {
    resolve: { set: resolved, effect: lowerOpenCount },
    requestSuccess: requestDecision(ctx, 'manualSuccess'),
    requestFail: requestDecision(ctx, 'manualFail'),
  };
}
