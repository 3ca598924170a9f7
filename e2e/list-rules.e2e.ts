/**
 * What the demo's rows hold must stand up in the pages that show them, judged over every list of
 * the route table on the suite's server (the demo platform and its day, made through the platform's
 * own code paths), through the calls the pages make with an administrator's session: an editable
 * row saves as it is; a reference names a record that exists, its link opens it, and its filter
 * finds it by the label shown; every filter finds the row whose value it was given, from the search
 * form and from a link, and only rows it takes; number and time columns sort, and every sort pages
 * on by keyset as by page number; a record's child lists and history open, and a record a link
 * opens shows what its row shows; an export holds the rows its list shows; an enum value is one of
 * its options. Each check reads the definitions, so a page added later is judged without a line
 * here.
 */
import {
  allResources,
  auditPath,
  childFilters,
  detailFields,
  findResource,
  optionsPath,
  type ResourceDef,
  refOptionFields,
} from '@payops/contracts';
import { REPORT_NONE_KEY } from '@payops/contracts/report';
import { type FieldDef, refLabelKey, refPageResource } from '@payops/contracts/resource';
import { editBodySchema } from '@payops/contracts/resource-schemas';
import { test } from 'vitest';
import { formFields, toBody, toFormValues } from '../apps/web/src/engine/form-values.ts';
import { type Answer, administratorApi } from './support/page-api.ts';
import {
  blank,
  fieldsOf,
  filterFinding,
  ordinal,
  passes,
  plainValue,
  urlFinding,
} from './support/row-values.ts';
import { Verdict } from './support/verdict.ts';

const OPERATOR = { username: 'e2e_list_rules', password: 'ListRules2024' };
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

const { call, listed, firstRows, exported } = administratorApi({ ...OPERATOR, totpSecret: SECRET });

/** The list pages of the route table: each rule judges what their definitions declare. */
const listPages = allResources.filter((def) => def.pageList && def.actions.list);

/** Runs `judge` over every list page, four at a time (the server answers while the browser waits). */
async function eachList(judge: (def: ResourceDef) => Promise<void>): Promise<void> {
  const queue = [...listPages];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let def = queue.shift(); def; def = queue.shift()) await judge(def);
    }),
  );
}

/**
 * What the running system wrote must be editable as it stands: an operator who opens a row's edit
 * form and saves without touching a field must not be stopped by a rule the row breaks (the demo's
 * trade rule once held 1,000 "max open orders" where the form takes at most 100). Each row of each
 * editable page's first screen goes through the form's own conversions (form-values.ts) into the
 * edit body, judged by the rules the form and the server share (contracts' editBodySchema).
 */
test("every row an editable page shows passes its own edit form's rules", async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    if (!def.actions.edit) return;
    const fields = formFields(def, 'edit');
    const schema = editBodySchema(def);
    for (const row of await firstRows(def)) {
      v.judged++;
      const body = toBody(def, fields, toFormValues(fields, row), { kind: 'edit', row });
      const judged = schema.safeParse(body);
      if (!judged.success)
        for (const issue of judged.error.issues)
          v.broken.push(
            `${def.name} #${String(row[def.key])} ${issue.path.join('.')}: ${issue.message} (${JSON.stringify(body[String(issue.path[0])])})`,
          );
    }
  });
  v.close('editable rows');
}, 120_000);

/**
 * A reference a page shows names a record that exists: the server's batched join found it and sent
 * its label (ref-cell.tsx shows the bare id otherwise), and its link opens it: the page the cell
 * links to (refPageResource: a passage's deposit or payout page) reads the record for its drawer
 * (getById). The demo writes through the platform's code paths, so a dangling id here is a path that
 * forgot a record, and a refused read a link to the wrong page.
 */
test('every reference a page shows names a record that exists, and its link opens it', async () => {
  const v = new Verdict();
  const opened = new Map<string, Promise<Answer>>();
  await eachList(async (def) => {
    const fields = fieldsOf(def).filter((f) => f.type === 'ref' && f.list);
    if (!fields.length) return;
    for (const row of await firstRows(def))
      for (const f of fields) {
        const id = row[f.name];
        if (blank(id) || id === REPORT_NONE_KEY) continue;
        v.judged++;
        const at = `${def.name} #${String(row[def.key])} ${f.name} -> ${String(id)}`;
        const label = row[refLabelKey(f.name)];
        if (blank(label)) v.broken.push(`${at}: no label`);
        const target = findResource(refPageResource(f.ref!, row, f.name))!;
        const read = `${target.api}/getById?id=${encodeURIComponent(String(id))}`;
        if (!opened.has(read)) opened.set(read, call(read));
        const answer = await opened.get(read)!;
        if (answer.code !== 0) v.broken.push(`${at}: ${target.name} answers ${answer.code} ${answer.msg}`);
      }
  });
  process.stdout.write(`records opened: ${opened.size}\n`);
  v.close('references');
}, 180_000);

/**
 * Every filter of every list finds the row whose value it was given: the first row of the page's
 * first screen with a value for the field, searched by that value as the search form sends it, and
 * as a link to the page gives it, is in the answer (the filtered list keeps the page's order, so it
 * can only rank higher), and no row it does not take is (passes: a value shown blank or masked aside).
 * A filter that reads another column, converts the value differently than the list shows it, misses
 * its index's expression, reads its link's text as another type, or is not applied at all fails here.
 */
test('every filter of every list finds the row whose value it was given, and only rows it takes', async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    const filters = fieldsOf(def).filter((f) => f.filter);
    if (!filters.length) return;
    const rows = await firstRows(def);
    for (const f of filters) {
      const row = rows.find((r) => plainValue(r[f.name]));
      if (!row) continue;
      const given = { form: filterFinding(f, row[f.name]), link: urlFinding(def, f, row[f.name]) };
      for (const [way, value] of Object.entries(given)) {
        v.judged++;
        const answer = await listed(def, { page: 1, pageSize: 100, filters: { [f.name]: value } });
        const at = `${def.name}.${f.name} ${f.filter} by ${way} ${JSON.stringify(value)}`;
        if ('refused' in answer) {
          v.broken.push(`${at} -> ${answer.refused}`);
          continue;
        }
        const list = answer.rows;
        if (!list.some((r) => r[def.key] === row[def.key]))
          v.broken.push(`${at} -> not found (#${String(row[def.key])})`);
        // And it keeps out the rows it does not take: a filter the server ignores answers them all.
        const stray = list.find((r) => passes(f, r[f.name], value) === false);
        if (stray)
          v.broken.push(`${at} -> also #${String(stray[def.key])} showing ${JSON.stringify(stray[f.name])}`);
      }
    }
  });
  v.close('filters (by the search form and by link)');
}, 300_000);

/**
 * Every sortable number, amount and time column sorts: a header's ascending and descending clicks
 * answer the rows in that order (its values that are there, nulls aside). Text columns are left out:
 * the database's collation, not JavaScript's, is the judge of their order.
 */
test('every sortable number and time column answers its rows in order', async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    for (const f of fieldsOf(def)) {
      if (!f.sort || f.virtual || !['number', 'money', 'datetime', 'date'].includes(f.type)) continue;
      for (const order of ['asc', 'desc'] as const) {
        const answer = await listed(def, { page: 1, pageSize: 100, sort: { field: f.name, order } });
        if ('refused' in answer) {
          v.broken.push(`${def.name}.${f.name} ${order}: ${answer.refused}`);
          continue;
        }
        const values = answer.rows.map((r) => ordinal(f, r[f.name])).filter((v) => v !== undefined);
        v.judged++;
        const wrong = values.findIndex(
          (x, i) => i > 0 && (order === 'asc' ? x < values[i - 1]! : x > values[i - 1]!),
        );
        if (wrong > 0)
          v.broken.push(`${def.name}.${f.name} ${order}: ${values[wrong - 1]} then ${values[wrong]}`);
      }
    }
  });
  v.close('sorts');
}, 300_000);

/**
 * Every sort of every list pages on by keyset as it does by page number: the rows reached by
 * following each answer's cursor (the pager's "next" past row 10,000) are the rows an OFFSET read of
 * the same sort answers, in the same order, none twice and none skipped. A cursor that carries a value
 * the column does not compare equal to (a rounded time, an amount as text, a NULL block) repeats or
 * loses rows here. Text columns too: both reads are ordered by the database.
 */
test('every sort of every list pages on by keyset as by page number', async () => {
  const v = new Verdict();
  const PAGE = 10;
  const PAGES = 5;
  await eachList(async (def) => {
    // The page's own order (no sort asked), then each column a header sorts by, both ways.
    const sorts = [
      undefined,
      ...fieldsOf(def)
        .filter((f) => f.sort && !f.virtual)
        .flatMap((f) => (['asc', 'desc'] as const).map((order) => ({ field: f.name, order }))),
    ];
    for (const sort of sorts) {
      const at = `${def.name} ${sort ? `${sort.field} ${sort.order}` : 'default order'}`;
      const whole = await listed(def, { page: 1, pageSize: PAGE * PAGES, sort, withTotal: false });
      if ('refused' in whole) {
        v.broken.push(`${at}: ${whole.refused}`);
        continue;
      }
      const expected = whole.rows.map((r) => String(r[def.key]));
      if (expected.length <= PAGE) continue;
      v.judged++;
      const seen: string[] = [];
      let cursor: string | null | undefined;
      for (let page = 1; page <= PAGES && seen.length < expected.length; page++) {
        if (page > 1 && !cursor) break;
        const answer = await listed(def, {
          page,
          pageSize: PAGE,
          sort,
          withTotal: false,
          ...(cursor ? { cursor } : {}),
        });
        if ('refused' in answer) {
          v.broken.push(`${at} page ${page}: ${answer.refused}`);
          break;
        }
        seen.push(...answer.rows.map((r) => String(r[def.key])));
        cursor = answer.pager.nextCursor;
      }
      const differs = expected.findIndex((key, i) => seen[i] !== key);
      if (differs >= 0)
        v.broken.push(
          `${at}: row ${differs + 1} is #${seen[differs] ?? '(none)'} by keyset, #${expected[differs]} by page number`,
        );
    }
  });
  v.close('keyset sorts');
}, 300_000);

/**
 * What a reference or set-of-codes cell of `row` shows for `f`: the value it names and the label it
 * shows. A ref's label comes with the row; a code of a set (`choices`: a member's finance tags) is
 * shown as its record's label, which the cell asks the codes' resource for by id (choices-cell.tsx).
 */
async function shownLabel(f: FieldDef, row: Record<string, unknown>) {
  if (blank(row[f.name])) return undefined;
  if (f.type === 'ref') {
    const label = row[refLabelKey(f.name)];
    return blank(label) ? undefined : { value: String(row[f.name]), label: String(label) };
  }
  const [code] = String(row[f.name]).split(',');
  const answer = await call(optionsPath(findResource(f.choices!.resource)!), {
    ids: [code],
    valueField: f.choices!.valueField,
    page: 1,
    pageSize: 1,
  });
  const [option] = answer.code === 0 ? (answer.data as { list: { label: string }[] }).list : [];
  return { value: code!, label: option?.label ?? code! };
}

/**
 * Every reference filter's select finds the record a row names when the label the row shows is
 * typed into it: the select's own request (ref-select.tsx: the referenced resource's options, the
 * ref's fixed filters, the value and label fields it shows), paged on as the select scrolls. A filter
 * on a set of codes (`choices`) is the same select over the codes' resource, found by the label the
 * cell shows for the row's first code.
 */
test('every reference filter finds, by the label a row shows, the record the row names', async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    const refs = fieldsOf(def).filter((f) => (f.type === 'ref' || f.choices) && f.filter);
    if (!refs.length) return;
    const rows = await firstRows(def);
    for (const f of refs) {
      const ref = (f.ref ?? f.choices)!;
      let shown: Awaited<ReturnType<typeof shownLabel>>;
      for (const row of rows) {
        shown = await shownLabel(f, row);
        if (shown) break;
      }
      if (!shown) continue;
      v.judged++;
      const target = findResource(ref.resource)!;
      let found = false;
      let refusal = '';
      for (let page = 1; page <= 5 && !found; page++) {
        const answer = await call(optionsPath(target), {
          q: shown.label,
          ...(ref.filters ? { filters: ref.filters } : {}),
          ...refOptionFields(ref, target),
          page,
          pageSize: 100,
        });
        if (answer.code !== 0) {
          refusal = `${answer.code} ${answer.msg}`;
          break;
        }
        const { list } = answer.data as { list: { value: unknown }[] };
        found = list.some((o) => String(o.value) === shown.value);
        if (list.length < 100) break;
      }
      if (!found)
        v.broken.push(
          `${def.name}.${f.name} "${shown.label}" -> ${refusal || 'not offered'} (${shown.value})`,
        );
    }
  });
  v.close('reference filters');
}, 300_000);

/**
 * A record a link opens (a ref cell, a badge, `?detail=`: its drawer reads getById) shows what its
 * row shows when clicked in the list (the drawer takes the row as it is): for the first rows of each
 * list page, every field the detail shows, and a reference's label, is the same in both answers. A
 * value only the list query computes, or a label only it joins, shows blank or as a bare id when the
 * record is opened by a link.
 */
test('every record a link opens shows what its list row shows', async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    const shown = detailFields(def).flatMap((f) =>
      f.type === 'ref' ? [f.name, refLabelKey(f.name)] : [f.name],
    );
    for (const row of (await firstRows(def)).slice(0, 3)) {
      v.judged++;
      const at = `${def.name} #${String(row[def.key])}`;
      const read = await call(`${def.api}/getById?id=${encodeURIComponent(String(row[def.key]))}`);
      if (read.code !== 0) {
        v.broken.push(`${at}: ${read.code} ${read.msg}`);
        continue;
      }
      const record = read.data as Record<string, unknown>;
      for (const name of shown) {
        const [listed, opened] = [JSON.stringify(row[name] ?? null), JSON.stringify(record[name] ?? null)];
        if (listed !== opened) v.broken.push(`${at} ${name}: ${listed} in the list, ${opened} by link`);
      }
    }
  });
  v.close('records opened by link');
}, 300_000);

/**
 * Every record's detail opens whole: for the first row of each list page, each child list its
 * drawer shows answers for that row (child-list.tsx: the child's foreign-key filters from the
 * parent's fields, which must be values the child's filters take), and so does its history.
 */
test("every list's first record opens its child lists and its history", async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    const [row] = await firstRows(def);
    if (!row) return;
    for (const child of def.children) {
      // As the drawer's child list asks (child-list.tsx): for any value but none.
      if (row[child.parentField] === null || row[child.parentField] === undefined) continue;
      const target = findResource(child.resource)!;
      v.judged++;
      const answer = await call(target.actions.list!.path, {
        page: 1,
        pageSize: 10,
        filters: childFilters(child, row),
      });
      if (answer.code !== 0)
        v.broken.push(`${def.name} #${String(row[def.key])} ${child.name}: ${answer.code} ${answer.msg}`);
    }
    v.judged++;
    const history = await call(
      `${auditPath(def)}?id=${encodeURIComponent(String(row[def.key]))}&page=1&pageSize=20`,
    );
    if (history.code !== 0)
      v.broken.push(`${def.name} #${String(row[def.key])} history: ${history.code} ${history.msg}`);
  });
  v.close('details');
}, 300_000);

/**
 * Every export a page offers answers a file holding the page's rows: for each exportable list of up
 * to 5,000 rows (larger ones stream the same way; their size would only slow this suite), the CSV
 * has data lines and the first row the list shows is among them (a cell with its key, or a text it
 * shows where the key is not a column).
 */
test('every export holds the rows its list shows', async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    if (!def.actions.export) return;
    const answer = await listed(def, { page: 1, pageSize: 1 });
    if ('refused' in answer) {
      v.broken.push(`${def.name}: ${answer.refused}`);
      return;
    }
    const [row] = answer.rows;
    if (!row || (answer.pager.total ?? Infinity) > 5000) return;
    // The row's key, or where the list does not show it, a text it shows (written as it is shown).
    const fields = fieldsOf(def);
    const shown =
      fields.find((f) => f.name === def.key && f.list) ??
      fields.find((f) => f.list && f.type === 'string' && /^[^=+\-@\s]/.test(String(row[f.name] ?? '')));
    if (!shown) return;
    v.judged++;
    const text = String(row[shown.name]);
    const file = await exported(def.actions.export.path, text);
    if (file.status !== 200 || file.lines === 0 || !file.has)
      v.broken.push(
        `${def.name}: ${file.status}, ${file.lines} lines, ${shown.name} ${text} ${file.has ? 'in' : 'missing'}`,
      );
  });
  v.close('exports');
}, 300_000);

/**
 * Every enum value a row shows is one of its field's options: a cell shows an option as its label
 * in the operator's language, any other value as a raw code nobody translated.
 */
test('every enum value a row shows is one of its options', async () => {
  const v = new Verdict();
  await eachList(async (def) => {
    const enums = fieldsOf(def).filter((f) => f.type === 'enum' && f.list && f.options.length);
    if (!enums.length) return;
    for (const row of await firstRows(def))
      for (const f of enums) {
        const value = row[f.name];
        if (blank(value)) continue;
        const known = new Set(f.options.map((o) => String(o.value)));
        for (const part of f.many ? String(value).split(',') : [String(value)]) {
          v.judged++;
          if (!known.has(part)) v.broken.push(`${def.name} #${String(row[def.key])} ${f.name}: ${part}`);
        }
      }
  });
  v.close('enum values');
}, 120_000);
