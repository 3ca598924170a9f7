/**
 * findByPage: the auto-blacklist rules. Overlapping rules are refused, naming the field: of two
 * enabled rules of one kind, one whose threshold is no lower and whose window is no longer than the
 * other's can never fire alone (the other fires first), so it only doubles the black-listing.
 */
import { riskConditions, riskRuleHits as riskRuleHitsDef } from '@payops/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Row, registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf } from '../../platform/errors.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { say } from './levels.rules.ts';
import { riskRuleHits, riskRules } from './risk-levels.schema.ts';

export async function autoBlacklistRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, riskConditions, {
    table: riskRules,
    computed: {
      hits: sql<number>`(SELECT count(*)::int FROM risk_rule_hits h WHERE h.rule_id = risk_rules.id)`,
    },
    beforeWrite: async (values, info) => {
      const locale = localeOf(info.request);
      const row = { enabled: true, ...info.before, ...values } as Row;
      values.updatedAt = fastify.ctx.clock.now();
      if (!row.enabled) return;
      await info.tx.execute(sql`LOCK TABLE risk_rules IN SHARE ROW EXCLUSIVE MODE`);
      const others = await info.tx
        .select()
        .from(riskRules)
        .where(
          and(
            eq(riskRules.kind, row.kind as never),
            eq(riskRules.enabled, true),
            ne(riskRules.id, Number(row.id ?? 0)),
          ),
        );
      const n = Number(row.threshold);
      const h = Number(row.windowHours);
      for (const o of others) {
        const covers = (o.threshold <= n && o.windowHours >= h) || (n <= o.threshold && h >= o.windowHours);
        if (!covers) continue;
        const field = o.threshold === n ? 'windowHours' : 'threshold';
        throw fieldError(
          field,
          say(
            locale,
            `与规则「${o.name}」(${o.windowHours}小时内${o.threshold}次)重叠：同类规则须门槛更低或窗口更长，不能包含另一条`,
            `Overlaps rule "${o.name}" (${o.threshold} within ${o.windowHours} h): one would fire whenever the other does`,
          ),
        );
      }
    },
    beforeRemove: async (rows, info) => {
      // The firings keep their rule: disabling is the way to stop a rule that has fired.
      for (const r of rows) {
        const [hit] = await info.tx
          .select({ id: riskRuleHits.id })
          .from(riskRuleHits)
          .where(eq(riskRuleHits.ruleId, Number(r.id)))
          .limit(1);
        if (hit)
          throw fieldError(
            'enabled',
            say(
              localeOf(info.request),
              '该规则已有触发记录，不能删除，请停用',
              'This rule has fired: disable it instead of removing it',
            ),
          );
      }
    },
  });
  registerCrud(fastify, riskRuleHitsDef, {
    table: riskRuleHits,
    computed: {
      entryStatus: sql<string>`(SELECT e.status FROM risk_list_entries e WHERE e.id = risk_rule_hits.list_entry_id)`,
    },
  });
  registerTransitions(fastify, riskRuleHitsDef, { table: riskRuleHits });
}
