/**
 * `POST <api>/options` of every listed resource: `{ q?, ids?, filters?, valueField?, labelField?,
 * page, pageSize }` answers `{ list: [{ value, label }], pager }` behind the resource's list
 * permission. It feeds the web's searchable ref selects: paged (no row cap), searched on the label
 * field (the resource's, or the one a ref shows: `labelField`) with ILIKE, which the planner serves
 * from a trigram index on large tables (the registry test checks one exists), and `ids` resolves the
 * labels of values already chosen.
 */
import {
  allResources,
  type FieldDef,
  type Locale,
  type MaskKind,
  type OptionsBody,
  optionsBodySchema,
  optionsPath,
  type ResourceDef,
} from '@payops/contracts';
import { and, asc, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, localeOf, ok } from '../errors.ts';
import { maskRow } from '../masking.ts';
import { envelope, pagerSchema } from '../route-schemas.ts';
import { type BoundResource, cappedTotal, type Row, whereOf } from './query.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const optionsAnswerSchema = z.object({
  list: z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string() })),
  pager: pagerSchema,
});

/** The column answered as the value: the body's valueField (a stored field) or the key. */
function valueColumn(r: BoundResource, body: OptionsBody, locale: Locale) {
  if (!body.valueField) return r.columns[r.def.key]!;
  const col = r.columns[body.valueField];
  if (!col) throw fieldError('valueField', locale === 'en-US' ? 'is not a stored field' : '不是可选的字段');
  return col;
}

/** The field the options show and search: the body's labelField (a ref's) or the resource's. */
const labelFieldOf = (r: BoundResource, body: OptionsBody) => body.labelField ?? r.def.labelField;

/**
 * The fields the refs to a resource show (a merchant's number, its name), besides its own label
 * field: the only ones its options may be asked to show and search. Any other stored field could be
 * probed a character at a time through `q`, whatever its mask.
 */
function shownByRefs(def: ResourceDef): Set<string> {
  const out = new Set([def.labelField]);
  for (const other of allResources)
    for (const f of Object.values(other.fields as Record<string, FieldDef>)) {
      const ref = f.ref ?? f.choices;
      if (ref?.resource === def.name) out.add(ref.labelField);
    }
  return out;
}

function optionsWhere(r: BoundResource, body: OptionsBody, key: PgColumn): SQL | undefined {
  const label = r.columns[labelFieldOf(r, body)]!;
  return and(
    whereOf(r, body.filters ?? {}),
    body.q ? ilike(sql`${label}::text`, `%${escapeLike(body.q)}%`) : undefined,
    body.ids ? inArray(key, body.ids) : undefined,
  );
}

export function registerOptions(fastify: FastifyInstance, r: BoundResource) {
  const { def } = r;
  const list = def.actions.list;
  if (!list) return;
  const labelField = (def.fields as Record<string, FieldDef>)[def.labelField];
  if (!labelField || !r.columns[def.labelField])
    throw new Error(`Resource ${def.name}: labelField ${def.labelField} is not a stored field`);
  // A personal label (a member's account) is masked as the field is everywhere.
  const kindsOf = (name: string): Record<string, MaskKind> => {
    const mask = (def.fields as Record<string, FieldDef>)[name]?.mask;
    return mask ? { label: mask } : {};
  };
  const shownBy = shownByRefs(def);
  const { db } = fastify.ctx;

  fastify.withTypeProvider<ZodTypeProvider>().post(
    optionsPath(def),
    {
      config: { access: { permission: list.permission }, audit: false },
      schema: {
        tags: [def.group],
        summary: `${def.name}: records to choose from (value and label), paged and searchable`,
        body: optionsBodySchema(def),
        response: { 200: envelope(optionsAnswerSchema) },
      },
    },
    async (request) => {
      const body = request.body as OptionsBody;
      const locale = localeOf(request);
      if (body.labelField && !shownBy.has(body.labelField))
        throw fieldError(
          'labelField',
          locale === 'en-US' ? 'is not shown by any reference' : '不是引用显示的字段',
        );
      const value = valueColumn(r, body, locale);
      const where = optionsWhere(r, body, value);
      const key = r.columns[def.key]!;
      const label = labelFieldOf(r, body);
      const [rows, totals] = await Promise.all([
        db
          .select({ value, label: r.columns[label]! })
          .from(r.table as never)
          .where(where)
          .orderBy(asc(key))
          .limit(body.pageSize)
          .offset((body.page - 1) * body.pageSize) as Promise<Row[]>,
        cappedTotal(db, r, where),
      ]);
      const unmasked = request.auth?.unmasked ?? false;
      return ok({
        list: rows.map((row) => {
          const shown = maskRow(row, kindsOf(label), unmasked);
          return { value: row.value as number | string, label: String(shown.label ?? '') };
        }),
        pager: { page: body.page, pageSize: body.pageSize, ...totals },
      });
    },
  );
}
