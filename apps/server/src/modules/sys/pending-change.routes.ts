/**
 * The maker-checker of protective settings: pendingChange's list and its lifecycle's transitions
 * (contracts). Approving applies the change in the same transaction; a second administrator only.
 */
import { BACK_SETTINGS, pendingChange } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { forgetSetting, type Settings } from '../../platform/settings.ts';
import type { Actor } from '../../platform/transitions/hooks.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { pendingChanges } from './pending-change.schema.ts';
import { applyChange } from './pending-change.service.ts';

type Change = typeof pendingChanges.$inferSelect;

export async function pendingChangeRoutes(fastify: FastifyInstance) {
  const { ctx, ipFilter } = fastify;
  registerCrud(fastify, pendingChange, { table: pendingChanges });
  const decider = (s: { actor: Actor; now: Date; body: { reason?: string } }) => ({
    decidedBy: s.actor.operatorId,
    decidedAt: s.now,
    decisionNote: s.body.reason ?? null,
  });
  registerTransitions(fastify, pendingChange, {
    table: pendingChanges,
    hooks: {
      approve: {
        set: decider,
        effect: async (s) => {
          const change = s.after as unknown as Change;
          await applyChange(ctx, s.tx, change, s.actor.operatorId);
          return {
            extra: { target: change.target, key: change.key, before: change.before, after: change.value },
          };
        },
        // Once committed, this instance reads the settings and the IP lists afresh. Before its first
        // await a `committed` hook runs ahead of the answer: the approver's next call sees the change.
        committed: async () => {
          for (const { key } of BACK_SETTINGS) forgetSetting(ctx, key as keyof Settings);
          ipFilter.invalidate();
        },
      },
      reject: { set: decider },
    },
  });
}
