/**
 * Views (`defineView`): a second page over another definition's records, with its own page permission
 * and route, its own columns, and the base's transitions or none.
 */

import {
  type ActionDef,
  type FieldDef,
  type FieldInput,
  type Labels,
  normaliseField,
  type RecordScope,
  type ResourceDef,
  STANDARD_PATH,
} from './resource.ts';
import { pagePermission } from './routes.ts';

/**
 * A page showing part of another definition's records (the server scopes its routes), with a page
 * permission of its own: its list, getById, options and export are served at `api` behind
 * `<group>.<page>` (export: `.export`), so an operator can be given the view without the whole list.
 * Row transitions stay the base's (same routes, same permissions): a decision is one permission
 * wherever it is taken.
 *
 * A view may show columns of the base's table that the base's page does not (`fields`, labelled in
 * the view's `labels` as `field.<page>.<name>`), choose and order its columns (`columns`: names of the
 * base's and its own fields; default the base's, then its own), and leave out the transitions
 * (`readOnly`: another angle on the records, decided on their own pages). `scope` says which of the
 * base's rows it shows (added to the base's own scope), for the server's routes and the page alike.
 */
export function defineView<F extends string, G extends string = never>(
  base: ResourceDef<F>,
  view: {
    group: string;
    page: string;
    api: string;
    fields?: Record<G, FieldInput>;
    columns?: readonly NoInfer<F | G>[];
    labels?: Labels;
    readOnly?: boolean;
    scope?: RecordScope;
  },
): ResourceDef<F | G> {
  const pagePerm = pagePermission(view.group, view.page);
  const actions: Record<string, ActionDef> = {};
  for (const a of Object.values(base.actions)) {
    if (a.transition) {
      if (!view.readOnly) actions[a.name] = a;
    } else if (a.name === 'list' || a.name === 'export')
      actions[a.name] = {
        ...a,
        permission: a.name === 'list' ? pagePerm : `${pagePerm}.${a.name}`,
        path: `${view.api}/${STANDARD_PATH[a.name]}`,
      };
  }
  const own = Object.fromEntries(
    (Object.entries(view.fields ?? {}) as [G, FieldInput][]).map(([name, f]) => [
      name,
      normaliseField(view.page, name, f),
    ]),
  ) as Record<G, FieldDef>;
  const all = { ...base.fields, ...own } as Record<F | G, FieldDef>;
  const columns = view.columns ?? (Object.keys(all) as (F | G)[]);
  const fields = Object.fromEntries(
    columns.map((name) => {
      if (!all[name]) throw new Error(`${view.page}: column ${name} is neither the base's nor its own`);
      return [name, all[name]];
    }),
  ) as Record<F | G, FieldDef>;
  for (const must of [base.key, base.defaultSort.field, base.labelField]) {
    if (!(must in fields)) throw new Error(`${view.page}: the base's ${must} must stay a column`);
  }
  return {
    ...base,
    name: view.page,
    group: view.group,
    page: view.page,
    pagePath: `/${view.group}/${view.page}`,
    pageList: true,
    api: view.api,
    fields,
    actions,
    children: [],
    labels: view.labels
      ? {
          'zh-CN': { ...base.labels['zh-CN'], ...view.labels['zh-CN'] },
          'en-US': { ...base.labels['en-US'], ...view.labels['en-US'] },
        }
      : base.labels,
    viewOf: base.name,
    ...((base.scope || view.scope) && { scope: { ...base.scope, ...view.scope } }),
  };
}
