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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, localeOf, ok } from '../errors.ts';
import { maskRow, refuseMaskedFilters } from '../masking.ts';
import { envelope, pagerSchema } from '../route-schemas.ts';
import { type BoundResource, cappedTotal, type Row, whereOf } from './query.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const optionsAnswerSchema = z.object({
  list: z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string() })),
  pager: pagerSchema,
});

/**
 * The column answered as the value: the key, or the body's valueField when a reference to this
 * resource takes that field as its value (a tag's code). Any other field (a member's ID number) would
 * come back whole, beside a masked label, and answer a yes or no to a guessed value through `ids`.
 */
function valueColumn(r: BoundResource, body: OptionsBody, takenByRefs: Set<string>, locale: Locale) {
  if (!body.valueField || body.valueField === r.def.key) return r.columns[r.def.key]!;
  const col = takenByRefs.has(body.valueField) ? r.columns[body.valueField] : undefined;
  if (!col)
    throw fieldError(
      'valueField',
      locale === 'en-US' ? 'is not a value any reference takes' : '不是引用可取的值字段',
    );
  return col;
}

type Ref = NonNullable<FieldDef['ref'] | FieldDef['choices']>;

/** The references (and choices) other definitions make to `def`. */
function refsTo(def: ResourceDef): Ref[] {
  return allResources.flatMap((other) =>
    Object.values(other.fields as Record<string, FieldDef>)
      .map((f) => f.ref ?? f.choices)
      .filter((ref): ref is Ref => ref?.resource === def.name),
  );
}

/** The fields references to a resource take as their value instead of its key (`valueField`). */
const takenByRefs = (def: ResourceDef) => new Set(refsTo(def).flatMap((ref) => ref.valueField ?? []));

/** The field the options show and search: the body's labelField (a ref's) or the resource's. */
const labelFieldOf = (r: BoundResource, body: OptionsBody) => body.labelField ?? r.def.labelField;

/**
 * The fields the refs to a resource show (a merchant's number, its name), besides its own label
 * field: the only ones its options may be asked to show and search. Any other stored field could be
 * probed a character at a time through `q`, whatever its mask.
 */
function shownByRefs(def: ResourceDef): Set<string> {
  return new Set([def.labelField, ...refsTo(def).map((ref) => ref.labelField)]);
}

function optionsWhere(r: BoundResource, body: OptionsBody, filters: Row, key: PgColumn): SQL | undefined {
  const label = r.columns[labelFieldOf(r, body)]!;
  return and(
    whereOf(r, filters),
    body.q ? ilike(sql`${label}::text`, `%${escapeLike(body.q)}%`) : undefined,
    body.ids ? inArray(key, body.ids) : undefined,
  );
}

export interface OptionsGuards {
  /** The list's filters with the server's restriction added (an operator's own mailboxes). */
  restricted: (request: FastifyRequest, filters?: Row) => Promise<Row>;
  /** The list's rate limit (route config). */
  limited: Record<string, unknown>;
}

/**
 * The options of a listed resource, under the list's rules: its permission, its restriction, its
 * rate limit, and no filter on masked data unless unmasked.
 */
export function registerOptions(fastify: FastifyInstance, r: BoundResource, guards: OptionsGuards) {
  const { def } = r;
  const list = def.actions.list;
  if (!list) return;
  const labelField = (def.fields as Record<string, FieldDef>)[def.labelField];
  if (!labelField || !r.columns[def.labelField])
    throw new Error(`Resource ${def.name}: labelField ${def.labelField} is not a stored field`);
  // A personal label or value (a member's account) is masked as the field is everywhere.
  const maskOf = (name: string) => (def.fields as Record<string, FieldDef>)[name]?.mask;
  const kindsOf = (label: string, value: string): Record<string, MaskKind> => {
    const [l, v] = [maskOf(label), maskOf(value)];
    return { ...(l ? { label: l } : {}), ...(v ? { value: v } : {}) };
  };
  const shownBy = shownByRefs(def);
  const taken = takenByRefs(def);
  const { db } = fastify.ctx;

  fastify.withTypeProvider<ZodTypeProvider>().post(
    optionsPath(def),
    {
      config: { access: { permission: list.permission }, audit: false, ...guards.limited },
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
      const unmasked = request.auth?.unmasked ?? false;
      refuseMaskedFilters(def, body.filters ?? {}, unmasked, locale);
      const value = valueColumn(r, body, taken, locale);
      const filters = await guards.restricted(request, body.filters);
      const where = optionsWhere(r, body, filters, value);
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
      const kinds = kindsOf(label, body.valueField ?? def.key);
      return ok({
        list: rows.map((row) => {
          const shown = maskRow(row, kinds, unmasked);
          return { value: shown.value as number | string, label: String(shown.label ?? '') };
        }),
        pager: { page: body.page, pageSize: body.pageSize, ...totals },
      });
    },
  );
}
