/** Registry tests over every resource definition (architecture.md, "The resource definition"). */
import {
  allResources,
  BACK_SETTINGS,
  type FieldDef,
  isKnownPermission,
  LOCALES,
  labelKeys,
  type ResourceDef,
  storedFields,
} from '@payops/contracts';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundResource } from '../src/platform/crud/index.ts';
import { defaultSettings } from '../src/platform/settings.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** The table each definition was bound to when the app registered its routes. */
const tableOf = (def: ResourceDef): PgTable | undefined => boundResource(def.name)?.table;

let t: TestApp;
/** table name -> the first column of each of its indexes. */
const leadingIndexColumns = new Map<string, Set<string>>();
/** table name -> columns indexed as a set of codes (`string_to_array(col, ',')`, query.ts setHas). */
const setColumns = new Map<string, Set<string>>();
/** table name -> columns with a trigram (gin_trgm_ops) index. */
const trigramColumns = new Map<string, Set<string>>();

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.ctx.pool.query<{ table: string; column: string }>(`
    SELECT c.relname AS table, a.attname AS column
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'`);
  for (const r of rows) {
    if (!leadingIndexColumns.has(r.table)) leadingIndexColumns.set(r.table, new Set());
    leadingIndexColumns.get(r.table)!.add(r.column);
  }
  const byDefinition = async (into: Map<string, Set<string>>, like: string, column: RegExp) => {
    const { rows: defs } = await t.ctx.pool.query<{ table: string; def: string }>(
      `SELECT tablename AS table, indexdef AS def FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE $1`,
      [like],
    );
    for (const r of defs) {
      const name = column.exec(r.def)?.[1];
      if (!name) continue;
      if (!into.has(r.table)) into.set(r.table, new Set());
      into.get(r.table)!.add(name);
    }
  };
  await byDefinition(
    setColumns,
    '%USING gin (string_to_array(%',
    /USING gin \(string_to_array\((\w+), ','::text\)\)/,
  );
  await byDefinition(trigramColumns, '%gin_trgm_ops%', /\((\w+) gin_trgm_ops\)/);
});
afterAll(() => t.close());

const each = allResources.map((def) => [def.name, def] as [string, ResourceDef]);
const fieldsOf = (def: ResourceDef) => Object.values(def.fields as Record<string, FieldDef>);

describe.each(each)('resource %s', (_name, def) => {
  it('has a table, and each stored field is one of its columns', () => {
    const table = tableOf(def);
    expect(table, `no routes registered for ${def.name} (registerCrud)`).toBeDefined();
    const columns = getTableColumns(table!);
    for (const f of storedFields(def)) expect(columns, `${def.name}.${f.name}`).toHaveProperty(f.name);
  });

  it('shows every rate column (a fraction, platform/ledger/columns.ts rate) as a percentage', () => {
    const columns = getTableColumns(tableOf(def)!) as Record<
      string,
      { columnType: string; precision?: number; scale?: number }
    >;
    for (const f of storedFields(def)) {
      const c = columns[f.name]!;
      const isRate = c.columnType === 'PgNumeric' && c.precision === 10 && c.scale === 6;
      if (isRate) expect(f.display, `${def.name}.${f.name}`).toBe('percent');
    }
  });

  it('has zh-CN and en-US text for every label it uses', () => {
    for (const key of labelKeys(def)) {
      for (const locale of LOCALES) expect(def.labels[locale][key], `${locale} ${key}`).toBeTruthy();
    }
  });

  it('names a known permission for every action, and its page exists', () => {
    expect(def.actions.list, 'every resource lists').toBeDefined();
    for (const a of Object.values(def.actions)) {
      expect(a.permission).toMatch(/^[a-zA-Z]+\.[A-Za-z_]+(\.[A-Za-z]+)?$/);
      expect(isKnownPermission(a.permission), a.permission).toBe(true);
    }
  });

  it('backs every filter with an index, unless the table is declared small', () => {
    if (def.small) return;
    const table = tableOf(def)!;
    const indexed = leadingIndexColumns.get(getTableName(table)) ?? new Set();
    const sets = setColumns.get(getTableName(table)) ?? new Set();
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    // A virtual field's filter is its module's condition (bindResource refuses one without).
    for (const f of fieldsOf(def).filter((x) => x.filter && !x.virtual)) {
      // A set of codes (choices, contains) is searched through an index on the set, not on the column.
      const backing = f.choices && f.filter === 'contains' ? sets : indexed;
      expect(backing.has(columns[f.name]!.name), `${def.name}.${f.name} is filterable but not indexed`).toBe(
        true,
      );
    }
  });

  it('sorts by default on a stored field, and enum fields have options', () => {
    expect(def.fields[def.defaultSort.field]).toBeDefined();
    for (const f of fieldsOf(def).filter((x) => x.type === 'enum'))
      expect(f.options.length).toBeGreaterThan(0);
    for (const f of fieldsOf(def).filter((x) => x.type === 'ref')) expect(f.ref).toBeDefined();
  });

  it('names an existing resource and one of its stored fields in every ref', () => {
    for (const f of fieldsOf(def).filter((x) => x.type === 'ref')) {
      const target = boundResource(f.ref!.resource);
      expect(target, `${def.name}.${f.name} refers to unknown resource ${f.ref!.resource}`).toBeDefined();
      const label = (target!.def.fields as Record<string, FieldDef>)[f.ref!.labelField];
      expect(label && !label.virtual, `${def.name}.${f.name}: ${f.ref!.labelField} is not stored`).toBe(true);
      for (const name of Object.keys(f.ref!.filters ?? {}))
        expect(target!.def.fields[name]?.filter, `${def.name}.${f.name} filters on ${name}`).toBeTruthy();
      for (const page of Object.values(f.ref!.pageBy?.resources ?? {}))
        expect(boundResource(page)?.def.pageList, `${def.name}.${f.name} links to ${page}`).toBe(true);
    }
  });

  it('names records by a stored field, searched through an index on large tables', () => {
    const label = (def.fields as Record<string, FieldDef>)[def.labelField];
    expect(label && !label.virtual, `${def.name}.labelField ${def.labelField}`).toBe(true);
    // Its own label, and each one a filtered ref to it shows (its select searches what it shows).
    const searched = new Set([def.labelField]);
    for (const other of allResources)
      for (const f of fieldsOf(other))
        if (f.filter && (f.ref ?? f.choices)?.resource === def.name)
          searched.add((f.ref ?? f.choices)!.labelField);
    if (def.small) return;
    const table = getTableName(tableOf(def)!);
    for (const name of searched) {
      if (name === def.key) continue;
      const column = (getTableColumns(tableOf(def)!) as Record<string, PgColumn>)[name]!.name;
      expect(trigramColumns.get(table)?.has(column), `${def.name}.${name} needs a trigram index`).toBe(true);
    }
  });

  it('declares child lists on an existing resource, by an eq filter of the child', () => {
    for (const c of def.children) {
      const child = boundResource(c.resource);
      expect(child, `${def.name} child ${c.resource} is not a resource`).toBeDefined();
      expect(child!.def.fields[c.foreignKey]?.filter, `${c.resource}.${c.foreignKey}`).toBe('eq');
      expect(def.fields[c.parentField], `${def.name}.${c.parentField}`).toBeDefined();
      for (const [field, parentField] of Object.entries(c.also)) {
        expect(child!.def.fields[field]?.filter, `${c.resource}.${field}`).toBe('eq');
        expect(def.fields[parentField], `${def.name}.${parentField}`).toBeDefined();
      }
    }
  });

  it('serves every action as a route with the action permission', () => {
    for (const a of Object.values(def.actions)) {
      const route = t.routes.find((r) => r.url === a.path && r.method === 'POST');
      expect(route, `${a.path}`).toBeDefined();
      expect(route!.access).toBe(a.permission);
    }
  });
});

describe('page lists', () => {
  it('gives every page at most one list that links to it filter', () => {
    const byPath = new Map<string, string[]>();
    for (const d of allResources.filter((r) => r.pageList))
      byPath.set(d.pagePath, [...(byPath.get(d.pagePath) ?? []), d.name]);
    expect([...byPath].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it("links a child list to its page only when it is that page's list", () => {
    const byName = new Map(allResources.map((d) => [d.name, d]));
    const linked = (name: string) => byName.get(name)!.pageList;
    // A third party's passages open the passages page; a merchant's adjustments are the second list of
    // the merchants' page, and an order's callbacks are shown in its drawer only.
    expect([linked('passage'), linked('tradeOrderList'), linked('fund_log')]).toEqual([true, true, true]);
    expect([linked('mchAdjust'), linked('depositCallbacks'), linked('riskRuleHits')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('back-office settings', () => {
  it('has one catalogue entry per typed setting of the server', () => {
    expect(BACK_SETTINGS.map((s) => s.key).sort()).toEqual(Object.keys(defaultSettings(t.ctx)).sort());
  });

  it('labels every setting in both languages', () => {
    const def = allResources.find((r) => r.name === 'sysBackConfig')!;
    for (const s of BACK_SETTINGS)
      for (const l of LOCALES) expect(def.labels[l][`setting.${s.key}`]).toBeTruthy();
  });
});
