/**
 * The /financeRisk pages of issue 13's lists: the six list pages over one table (add through
 * `addListEntry`, bulk import all or nothing, lift and expire as transitions), the freezes, and the
 * two read-only logs. Every change writes its operation record in its own transaction.
 */
import {
  addBodySchema,
  blackBlockEmailLog,
  blackBlockLog,
  type FieldError,
  mchFrozenList,
  operationRecordList,
  type ResourceDef,
  RISK_IMPORT_MAX_LINES,
  RISK_KINDS,
  RISK_LIST_PAGES,
  type RiskKind,
  type RiskList,
  rowSchema,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditInTx } from '../../platform/audit-request.ts';
import { registerCrud } from '../../platform/crud/index.ts';
import { AppError, fieldError, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import {
  type Actor,
  actorOf,
  registerTransitions,
  type TransitionStep,
} from '../../platform/transitions/index.ts';
import { addFreeze, type FreezeInput } from './freezes.ts';
import { entrySubject, freezeSubject, type RiskOperation, recordRiskOperation } from './records.ts';
import { riskBlockLog, riskFreezes, riskListEntries, riskOperationRecords } from './risk.schema.ts';
import { addListEntry } from './service.ts';

const text = {
  line: { 'zh-CN': (n: number) => `第${n}行：`, 'en-US': (n: number) => `line ${n}: ` },
  empty: { 'zh-CN': '没有可导入的内容', 'en-US': 'nothing to import' },
  tooMany: {
    'zh-CN': `一次最多导入${RISK_IMPORT_MAX_LINES}行`,
    'en-US': `at most ${RISK_IMPORT_MAX_LINES} lines at once`,
  },
} as const;

const importBody = z.strictObject({
  kind: z.enum(Object.keys(RISK_KINDS) as [RiskKind, ...RiskKind[]]),
  /** One value per line, `value[,reason]`; a line's own reason wins over `reason`. */
  text: z.string().max(1_000_000),
  reason: z.string().max(200).optional(),
  merchantId: z.number().int().positive().optional(),
  expiresAt: z.string().datetime({ offset: true }).optional(),
});

const dateOf = (v: unknown) => (typeof v === 'string' && v ? new Date(v) : null);

/** lift/expire of an entry or a freeze: the operation record in the transition's transaction. */
/** A transition's operation record: the record's row before the change says what it was on. */
function recorded<Row>(
  operation: 'lift' | 'expire' | 'unfreeze',
  target: string,
  subject: (row: Row) => Pick<RiskOperation, 'merchantId' | 'kind' | 'summary' | 'freezes'>,
) {
  return async (s: TransitionStep) => {
    const row = s.before as Row & { id: number };
    const reason = (s.body as { reason?: string }).reason ?? '';
    await recordRiskOperation(
      s.tx,
      { operation, target, targetId: Number(row.id), ...subject(row), reason },
      s.actor,
      s.now,
    );
    return undefined;
  };
}

export async function riskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  for (const [def, list] of RISK_LIST_PAGES) listPage(def, list);

  function listPage(def: ResourceDef, list: RiskList) {
    const scope = { list };
    registerCrud(fastify, def, { table: riskListEntries, scope, own: ['add'] });
    registerTransitions(fastify, def, {
      table: riskListEntries,
      scope,
      hooks: {
        lift: {
          set: (s) => ({ liftedAt: s.now, liftedBy: s.actor.operatorId }),
          effect: recorded('lift', def.name, entrySubject),
        },
        expire: { set: (s) => ({ liftedAt: s.now }), effect: recorded('expire', def.name, entrySubject) },
      },
    });
    const add = def.actions.add!;
    app.post(
      add.path,
      {
        config: { access: { permission: add.permission } },
        schema: {
          tags: ['financeRisk'],
          summary: `Add an entry to ${def.name} (checked, normalised; a card is kept as a keyed hash)`,
          body: addBodySchema(def),
          response: { 200: envelope(rowSchema(def)) },
        },
      },
      async (request) => {
        const b = request.body as Record<string, unknown>;
        const row = await ctx.db.transaction(async (tx) => {
          const entry = await addListEntry(
            ctx,
            tx,
            {
              list,
              kind: b.kind as RiskKind,
              value: String(b.value ?? ''),
              reason: String(b.reason ?? ''),
              merchantId: (b.merchantId as number | undefined) ?? null,
              expiresAt: dateOf(b.expiresAt),
            },
            actorOf(request),
          );
          await auditInTx(tx, request, { objectType: def.name, objectId: entry.id, after: entry });
          return entry;
        });
        return ok(row);
      },
    );
    const imp = def.actions.import!;
    app.post(
      imp.path,
      {
        config: { access: { permission: imp.permission } },
        schema: {
          tags: ['financeRisk'],
          summary: `Bulk import into ${def.name}: all lines or none (the first bad line is named)`,
          body: importBody,
          response: { 200: envelope(z.object({ imported: z.number() })) },
        },
      },
      async (request) => {
        const b = request.body;
        const actor = actorOf(request);
        const lines = b.text.split(/\r?\n/);
        if (lines.length > RISK_IMPORT_MAX_LINES) throw fieldError('text', text.tooMany[actor.locale]);
        const imported = await ctx.db.transaction(async (tx) => {
          let n = 0;
          for (const [i, line] of lines.entries()) {
            if (!line.trim()) continue;
            const comma = line.indexOf(',');
            const value = comma < 0 ? line : line.slice(0, comma);
            const reason = (comma < 0 ? '' : line.slice(comma + 1)).trim() || (b.reason ?? '');
            try {
              await addListEntry(
                ctx,
                tx,
                {
                  list,
                  kind: b.kind,
                  value,
                  reason,
                  merchantId: b.merchantId ?? null,
                  expiresAt: dateOf(b.expiresAt),
                  source: 'import',
                },
                actor,
              );
            } catch (e) {
              throw lineError(e, i + 1, actor);
            }
            n++;
          }
          if (!n) throw fieldError('text', text.empty[actor.locale]);
          await auditInTx(tx, request, { objectType: def.name, objectId: 'import', extra: { imported: n } });
          return n;
        });
        return ok({ imported });
      },
    );
  }

  // Freezes: set through addFreeze (checked, recorded), lifted by an operator, expired by the job.
  registerCrud(fastify, mchFrozenList, { table: riskFreezes, own: ['add'] });
  registerTransitions(fastify, mchFrozenList, {
    table: riskFreezes,
    hooks: {
      lift: {
        set: (s) => ({ liftedAt: s.now }),
        effect: recorded('unfreeze', mchFrozenList.name, freezeSubject),
      },
      expire: {
        set: (s) => ({ liftedAt: s.now }),
        effect: recorded('expire', mchFrozenList.name, freezeSubject),
      },
    },
  });
  const addF = mchFrozenList.actions.add!;
  app.post(
    addF.path,
    {
      config: { access: { permission: addF.permission } },
      schema: {
        tags: ['financeRisk'],
        summary: 'Freeze a merchant or a member (deposits, withdrawals, matching, login) until a time',
        body: addBodySchema(mchFrozenList),
        response: { 200: envelope(rowSchema(mchFrozenList)) },
      },
    },
    async (request) => {
      const b = request.body as Record<string, unknown>;
      const row = await ctx.db.transaction(async (tx) => {
        const f = await addFreeze(
          ctx,
          tx,
          { ...(b as unknown as FreezeInput), expiresAt: dateOf(b.expiresAt) ?? new Date(0) },
          actorOf(request),
        );
        await auditInTx(tx, request, { objectType: mchFrozenList.name, objectId: f.id, after: f });
        return f;
      });
      return ok(row);
    },
  );

  registerCrud(fastify, operationRecordList, { table: riskOperationRecords });
  registerCrud(fastify, blackBlockLog, { table: riskBlockLog });
  registerCrud(fastify, blackBlockEmailLog, { table: riskBlockLog });
}

/** A bad import line: the whole import is refused, naming the line (and the field's complaint). */
function lineError(e: unknown, line: number, actor: Actor): unknown {
  if (!(e instanceof AppError)) return e;
  const f = ((e.data ?? {}) as { fields?: FieldError[] }).fields?.[0];
  const message = `${text.line[actor.locale](line)}${f ? `${f.field} ${f.message}` : e.message}`;
  return fieldError('text', message);
}
