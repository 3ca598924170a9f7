/**
 * "A fresh `npm start` shows every built page non-empty": on the suite's server (a fresh data folder,
 * the demo platform and its day made through the platform's own code paths: the merchant API, the
 * sandbox upstream and chain, operators' decisions), every page's list and every report answers rows
 * to an administrator (one of the cashier staff, as the wallet's counter pages require), through the
 * calls the page itself makes with the operator's session; and every route of the table is one of them.
 * What those rows hold must stand up in the pages: an editable row saves as it is, a reference names
 * a record that exists.
 */
import {
  ALL_REPORTS,
  allPages,
  allResources,
  auditPath,
  childFilters,
  findResource,
  OPS_REPORTS,
  optionsPath,
  REPORT_DEFAULT_DAYS,
  type ReportDef,
  type ResourceDef,
  refOptionFields,
  TRADE_REPORTS,
} from '@payops/contracts';
import { REPORT_NONE_KEY } from '@payops/contracts/report';
import { type FieldDef, refLabelKey } from '@payops/contracts/resource';
import { editBodySchema } from '@payops/contracts/resource-schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formFields, toBody, toFormValues } from '../apps/web/src/engine/form-values.ts';
import { TOKEN_KEY } from '../apps/web/src/lib/storage-keys.ts';
import { launch } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';

const OPERATOR = { username: 'e2e_every_page', password: 'EveryPage2024' };
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * POSTs `body` to `path` (GETs it without one) from the signed-in page (its session token, as the
 * web's api() sends it).
 */
function call(path: string, body?: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  return page.evaluate(
    async ({ path, body, tokenKey }) => {
      const res = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          access_token: localStorage.getItem(tokenKey) ?? '',
          'Accept-Language': 'en-US',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    { path, body, tokenKey: TOKEN_KEY },
  );
}

/** The first 100 rows of a list page, as an administrator's list call answers them. */
async function firstRows(def: ResourceDef): Promise<Record<string, unknown>[]> {
  const answer = await call(def.actions.list!.path, { page: 1, pageSize: 100 });
  expect(answer.code, `${def.name}: ${answer.msg}`).toBe(0);
  return (answer.data as { list: Record<string, unknown>[] }).list;
}

/** How many rows the page's first screen shows, or its refusal. */
async function rowsOf(target: ResourceDef | ReportDef): Promise<number | string> {
  const answer =
    'rollup' in target
      ? await call(`${target.api}/query`, { lastDays: REPORT_DEFAULT_DAYS })
      : await call(target.actions.list!.path, { page: 1, pageSize: 20 });
  if (answer.code !== 0) return `${answer.code} ${answer.msg}`;
  const data = answer.data as { list?: unknown[]; rows?: unknown[] };
  return (data.list ?? data.rows ?? []).length;
}

test('every list and report page of the route table shows rows on a fresh start', async () => {
  const targets = new Map<string, ResourceDef | ReportDef>();
  for (const def of allResources) if (def.pageList && def.actions.list) targets.set(def.pagePath, def);
  for (const report of [...ALL_REPORTS, ...OPS_REPORTS, ...TRADE_REPORTS])
    targets.set(report.pagePath, report);
  const routes = allPages.map((p) => p.path);
  const empty = new Map<string, number | string>();
  // The demo day goes on in the background (reports fill as its last steps run): empty pages are
  // asked again for up to three minutes.
  const until = Date.now() + 180_000;
  let pending = routes.filter((path) => targets.has(path));
  while (pending.length) {
    empty.clear();
    for (const path of pending) {
      const n = await rowsOf(targets.get(path)!);
      if (n === 0 || typeof n === 'string') empty.set(path, n);
    }
    pending = [...empty.keys()];
    if (!pending.length || Date.now() > until) break;
    await page.waitForTimeout(5000);
  }
  const neither = routes.filter((path) => !targets.has(path));
  process.stdout.write(
    `every page: ${routes.length} routes, ${targets.size} lists and reports, empty: ${JSON.stringify(Object.fromEntries(empty))}, neither: ${JSON.stringify(neither)}\n`,
  );
  expect(Object.fromEntries(empty)).toEqual({});
  expect(neither).toEqual([]);
}, 300_000);

/**
 * What the running system wrote must be editable as it stands: an operator who opens a row's edit
 * form and saves without touching a field must not be stopped by a rule the row breaks (the demo's
 * trade rule once held 1,000 "max open orders" where the form takes at most 100). Each row of each
 * editable page's first screen goes through the form's own conversions (form-values.ts) into the
 * edit body, judged by the rules the form and the server share (contracts' editBodySchema).
 */
test("every row an editable page shows passes its own edit form's rules", async () => {
  const broken: string[] = [];
  let rows = 0;
  for (const def of allResources) {
    if (!def.pageList || !def.actions.edit) continue;
    const fields = formFields(def, 'edit');
    const schema = editBodySchema(def);
    for (const row of await firstRows(def)) {
      rows++;
      const body = toBody(def, fields, toFormValues(fields, row), { kind: 'edit', row });
      const judged = schema.safeParse(body);
      if (!judged.success)
        for (const issue of judged.error.issues)
          broken.push(
            `${def.name} #${String(row[def.key])} ${issue.path.join('.')}: ${issue.message} (${JSON.stringify(body[String(issue.path[0])])})`,
          );
    }
  }
  process.stdout.write(`editable rows judged: ${rows}\n`);
  expect(rows).toBeGreaterThan(0);
  expect(broken).toEqual([]);
}, 120_000);

/**
 * A reference a page shows names a record that exists: the server's batched join found it and sent
 * its label (ref-cell.tsx shows the bare id otherwise, and its link opens an empty page). The demo
 * writes through the platform's code paths, so a dangling id here is a path that forgot a record.
 */
test('every reference a page shows names a record that exists', async () => {
  const dangling: string[] = [];
  let refs = 0;
  for (const def of allResources) {
    if (!def.pageList) continue;
    const fields = Object.values(def.fields as Record<string, FieldDef>).filter(
      (f) => f.type === 'ref' && f.list,
    );
    if (!fields.length) continue;
    for (const row of await firstRows(def))
      for (const f of fields) {
        const id = row[f.name];
        if (id === null || id === undefined || id === '' || id === REPORT_NONE_KEY) continue;
        refs++;
        const label = row[refLabelKey(f.name)];
        if (label === null || label === undefined || label === '')
          dangling.push(`${def.name} #${String(row[def.key])} ${f.name} -> ${String(id)}`);
      }
  }
  process.stdout.write(`references judged: ${refs}\n`);
  expect(refs).toBeGreaterThan(0);
  expect(dangling).toEqual([]);
}, 120_000);

/** A filter's value that must find `v`, the value a row shows, as the search form would send it. */
function filterFinding(f: FieldDef, v: unknown): unknown {
  switch (f.filter) {
    case 'in':
      return [v];
    case 'contains':
      // A set of codes is searched one code at a time; a text by a part of it.
      return f.choices || (f.type === 'enum' && f.many) ? String(v).split(',')[0] : String(v).slice(0, 100);
    case 'between': {
      if (f.type !== 'datetime') return [v, v];
      // The column keeps microseconds, the answer milliseconds: a second either side.
      const at = new Date(String(v)).getTime();
      return [new Date(at - 1000).toISOString(), new Date(at + 1000).toISOString()];
    }
    default:
      return v;
  }
}

/**
 * Every filter of every list finds the row whose value it was given: the first row of the page's
 * first screen with a value for the field, searched by that value as the search form sends it, is in
 * the answer (the filtered list keeps the page's order, so it can only rank higher). A filter that
 * reads another column, converts the value differently than the list shows it, or misses its
 * index's expression fails here.
 */
test('every filter of every list finds the row whose value it was given', async () => {
  const missed: string[] = [];
  let judged = 0;
  for (const def of allResources) {
    if (!def.pageList) continue;
    const filters = Object.values(def.fields as Record<string, FieldDef>).filter((f) => f.filter);
    if (!filters.length) continue;
    const rows = await firstRows(def);
    for (const f of filters) {
      const row = rows.find((r) => {
        const v = r[f.name];
        // A masked value is not a value (a filter on it needs an unmasked session).
        return v !== null && v !== undefined && v !== '' && !(typeof v === 'string' && v.includes('*'));
      });
      if (!row) continue;
      judged++;
      const value = filterFinding(f, row[f.name]);
      const answer = await call(def.actions.list!.path, {
        page: 1,
        pageSize: 100,
        filters: { [f.name]: value },
      });
      const found =
        answer.code === 0 &&
        (answer.data as { list: Record<string, unknown>[] }).list.some((r) => r[def.key] === row[def.key]);
      if (!found)
        missed.push(
          `${def.name}.${f.name} ${f.filter} ${JSON.stringify(value)} -> ${answer.code === 0 ? 'not found' : `${answer.code} ${answer.msg}`} (#${String(row[def.key])})`,
        );
    }
  }
  process.stdout.write(`filters judged: ${judged}\n`);
  expect(judged).toBeGreaterThan(0);
  expect(missed).toEqual([]);
}, 300_000);

/** A value's place in an order, for the types whose order JavaScript and PostgreSQL agree on. */
function ordinal(f: FieldDef, v: unknown): number | undefined {
  if (v === null || v === undefined || v === '' || (typeof v === 'string' && v.includes('*')))
    return undefined;
  if (f.type === 'number' || f.type === 'money') return Number(v);
  if (f.type === 'datetime' || f.type === 'date') return Date.parse(String(v));
  return undefined;
}

/**
 * Every sortable number, amount and time column sorts: a header's ascending and descending clicks
 * answer the rows in that order (its values that are there, nulls aside). Text columns are left out:
 * the database's collation, not JavaScript's, is the judge of their order.
 */
test('every sortable number and time column answers its rows in order', async () => {
  const unordered: string[] = [];
  let judged = 0;
  for (const def of allResources) {
    if (!def.pageList) continue;
    for (const f of Object.values(def.fields as Record<string, FieldDef>)) {
      if (!f.sort || f.virtual || !['number', 'money', 'datetime', 'date'].includes(f.type)) continue;
      for (const order of ['asc', 'desc'] as const) {
        const answer = await call(def.actions.list!.path, {
          page: 1,
          pageSize: 100,
          sort: { field: f.name, order },
        });
        if (answer.code !== 0) {
          unordered.push(`${def.name}.${f.name} ${order}: ${answer.code} ${answer.msg}`);
          continue;
        }
        const values = (answer.data as { list: Record<string, unknown>[] }).list
          .map((r) => ordinal(f, r[f.name]))
          .filter((v) => v !== undefined);
        judged++;
        const wrong = values.findIndex(
          (v, i) => i > 0 && (order === 'asc' ? v < values[i - 1]! : v > values[i - 1]!),
        );
        if (wrong > 0)
          unordered.push(`${def.name}.${f.name} ${order}: ${values[wrong - 1]} then ${values[wrong]}`);
      }
    }
  }
  process.stdout.write(`sorts judged: ${judged}\n`);
  expect(judged).toBeGreaterThan(0);
  expect(unordered).toEqual([]);
}, 300_000);

/**
 * Every reference filter's select finds the record a row names when the label the row shows is
 * typed into it: the select's own request (ref-select.tsx: the referenced resource's options, the
 * ref's fixed filters, the value and label fields it shows), paged on as the select scrolls.
 */
test('every reference filter finds, by the label a row shows, the record the row names', async () => {
  const missed: string[] = [];
  let judged = 0;
  for (const def of allResources) {
    if (!def.pageList) continue;
    const refs = Object.values(def.fields as Record<string, FieldDef>).filter(
      (f) => f.type === 'ref' && f.filter,
    );
    if (!refs.length) continue;
    const rows = await firstRows(def);
    for (const f of refs) {
      const row = rows.find((r) => r[f.name] !== null && r[f.name] !== undefined && r[refLabelKey(f.name)]);
      if (!row) continue;
      judged++;
      const target = findResource(f.ref!.resource)!;
      const q = String(row[refLabelKey(f.name)]);
      let found = false;
      let refusal = '';
      for (let page = 1; page <= 5 && !found; page++) {
        const answer = await call(optionsPath(target), {
          q,
          ...(f.ref!.filters ? { filters: f.ref!.filters } : {}),
          ...refOptionFields(f.ref!, target),
          page,
          pageSize: 100,
        });
        if (answer.code !== 0) {
          refusal = `${answer.code} ${answer.msg}`;
          break;
        }
        const { list } = answer.data as { list: { value: unknown }[] };
        found = list.some((o) => String(o.value) === String(row[f.name]));
        if (list.length < 100) break;
      }
      if (!found)
        missed.push(`${def.name}.${f.name} "${q}" -> ${refusal || 'not offered'} (${String(row[f.name])})`);
    }
  }
  process.stdout.write(`reference filters judged: ${judged}\n`);
  expect(judged).toBeGreaterThan(0);
  expect(missed).toEqual([]);
}, 300_000);

/**
 * Every record's detail opens whole: for the first row of each list page, each child list its
 * drawer shows answers for that row (child-list.tsx: the child's foreign-key filters from the
 * parent's fields, which must be values the child's filters take), and so does its history.
 */
test("every list's first record opens its child lists and its history", async () => {
  const refused: string[] = [];
  let judged = 0;
  for (const def of allResources) {
    if (!def.pageList) continue;
    const [row] = await firstRows(def);
    if (!row) continue;
    for (const child of def.children) {
      if (row[child.parentField] === null || row[child.parentField] === undefined) continue;
      const target = findResource(child.resource)!;
      judged++;
      const answer = await call(target.actions.list!.path, {
        page: 1,
        pageSize: 10,
        filters: childFilters(child, row),
      });
      if (answer.code !== 0)
        refused.push(`${def.name} #${String(row[def.key])} ${child.name}: ${answer.code} ${answer.msg}`);
    }
    judged++;
    const history = await call(
      `${auditPath(def)}?id=${encodeURIComponent(String(row[def.key]))}&page=1&pageSize=20`,
    );
    if (history.code !== 0)
      refused.push(`${def.name} #${String(row[def.key])} history: ${history.code} ${history.msg}`);
  }
  process.stdout.write(`details judged: ${judged}\n`);
  expect(judged).toBeGreaterThan(0);
  expect(refused).toEqual([]);
}, 300_000);
