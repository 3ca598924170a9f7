/**
 * The resource definition (architecture.md, "The resource definition"): one entity declared once, as
 * plain data, read by the server's CRUD registrar and by the web engine. No React, no Node APIs.
 *
 * `defineResource(input)` fills in every default (label keys, permission ids, action list) so that
 * both sides read one normalised shape, `ResourceDef`, and never recompute a name on their own.
 */
import type { Locale } from './api.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './api.ts';
import type { Bilingual, LifecycleDef, LifecycleInput } from './lifecycle.ts';
import { normaliseLifecycle } from './lifecycle.ts';
import type { MaskKind } from './masking.ts';
import type { PermissionDef } from './permissions.ts';
import { registerPermissions } from './permissions.ts';
import { pagePermission } from './routes.ts';

export type FieldType =
  | 'string'
  | 'text'
  | 'number'
  | 'money'
  | 'enum'
  | 'boolean'
  | 'datetime'
  | 'date'
  | 'ref'
  | 'image'
  | 'json';

/** The filter vocabulary (refine's): one operator per filterable field. */
export type FilterOp = 'eq' | 'in' | 'contains' | 'between';

export type SortOrder = 'asc' | 'desc';

export interface EnumOption {
  value: string;
  /** antd Tag colour (preset name or hex). */
  color?: string;
  /** i18n key; default `enum.<resource>.<field>.<value>`. */
  label?: string;
}

export interface FormRules {
  required?: boolean;
  /** Strings and texts: length; numbers: value. Money limits are decimal strings in `minAmount`/`maxAmount`. */
  min?: number;
  max?: number;
  minAmount?: string;
  maxAmount?: string;
  /** A regular expression source the whole value must match (no flags). */
  pattern?: string;
  /** i18n key of what `pattern` asks for, in words (the operator never reads the expression). */
  patternMessage?: string;
  /** Shown but not changeable when editing (part of the add body only). */
  readonlyOnEdit?: boolean;
  /** Only in the add form (e.g. an initial password); never in edit. */
  addOnly?: boolean;
  /** A rendering hint for the web form. */
  widget?: 'password' | 'textarea' | 'select' | 'switch' | 'multiSelect';
}

export interface FieldInput {
  type: FieldType;
  /** i18n key; default `field.<resource>.<field>`. */
  label?: string;
  mask?: MaskKind;
  /**
   * Masked as the kind its row's `field` names (a risk list's value: a phone, an ID number or a name
   * by the entry's kind); values of other kinds are shown as they are. Its filter stays open: looking
   * a known value up is what such a list is for.
   */
  maskBy?: { field: string; kinds: Readonly<Record<string, MaskKind>> };
  /** Shown as a table column. */
  list?: boolean;
  filter?: FilterOp;
  sort?: boolean;
  /** In the add/edit forms (true = optional, no extra rules). */
  form?: boolean | FormRules;
  /** Enum values, in display order. */
  options?: readonly EnumOption[];
  /**
   * Enum: the value is a comma-separated set of options ('freezeDeposit,freezeLogin'), each shown by
   * its label (cells, detail, exports).
   */
  many?: true;
  /** A money-typed rate stored as a fraction, read and written as a percentage (0.012 is 1.2%). */
  display?: 'percent';
  /**
   * Money: the currency of the amount, a code or the row field that holds one. A code's scale
   * (money.ts) limits the decimals in forms and at the API edge; exports cut to the scale. Default CNY
   * in exports; without a code, forms and the edge allow the column's 8 decimals.
   */
  currency?: string | { field: string };
  /**
   * A reference to another resource's key. Lists carry the referenced label next to the id as
   * `<field>Label` (refLabelKey); `filters` narrow the choices offered (e.g. one direction).
   */
  ref?: RefInput;
  /**
   * A text field whose filter is a searchable select of another resource's records, storing their
   * `valueField` (e.g. a member's finance tag codes): the server refuses a value none of them has.
   * With the `contains` filter the field holds a comma-separated set of such values, and the filter
   * matches a member of the set ('vip' finds 'vip,watch', not 'vipx'). Cells and the detail show each
   * value as its record's `labelField` (engine/choices-cell.tsx), and so do exports.
   */
  choices?: RefInput & { valueField: string };
  /**
   * Not a column of the resource's table: computed by its module (an operator's roles) or consumed by
   * a module's own handler (an initial password). The registrar never selects or writes it.
   */
  virtual?: boolean;
}

export interface RefInput {
  /** The referenced resource's definition name (a registry test checks it exists). */
  resource: string;
  /** A stored field of the referenced resource shown instead of the id. */
  labelField: string;
  /**
   * Fixed filters of the referenced resource's options (e.g. `{ direction: 'deposit' }`; a list for
   * an `in` filter).
   */
  filters?: Record<string, string | number | boolean | readonly string[]>;
  /** The referenced field the options answer as their value (default its key): a code, not an id. */
  valueField?: string;
  /**
   * The page a ref cell links to, when the referenced resource's records live on several (a deposit
   * or a payout provider's page): the resource by the value of `field` of the referenced record (the
   * server sends it beside the label), else the row's own field, else the ref's fixed filter of that
   * name; other values link to `resource`'s page.
   */
  pageBy?: { field: string; resources: Record<string, string> };
}

/** A ref to an operator's account, named by the username (makers, checkers, who changed what). */
export const OPERATOR_REF = { resource: 'user', labelField: 'username' } as const;

/** The key a ref field's label travels under in a row: `agentId` -> `agentIdLabel` (string or null). */
export const refLabelKey = (field: string) => `${field}Label`;
/** The key the referenced record's `pageBy` field travels under: `thirdPartyId` -> `thirdPartyIdPageBy`. */
export const refPageByKey = (field: string) => `${field}PageBy`;

/** The resource whose page the cell of ref field `name` in `row` links to (RefInput.pageBy, else the ref's own). */
export function refPageResource(ref: RefInput, row: Record<string, unknown>, name?: string): string {
  const by = ref.pageBy;
  if (!by) return ref.resource;
  const sent = name === undefined ? undefined : row[refPageByKey(name)];
  const value = sent ?? (by.field in row ? row[by.field] : ref.filters?.[by.field]);
  return by.resources[String(value)] ?? ref.resource;
}

/**
 * A related list shown in a record's detail: the child resource's rows whose `foreignKey` filter
 * equals the parent's `parentField` (default the parent's key). The foreign key must be an `eq` filter.
 */
export interface ChildListInput {
  resource: string;
  /** The section's name (its title `child.<parent>.<name>`), default `resource`: two lists of one child. */
  name?: string;
  foreignKey: string;
  parentField?: string;
  /**
   * More `eq` filters of the child the rows must match, each to a parent field (child field: parent
   * field): a member's account is unique within its merchant only, so its rows are its merchant's too.
   */
  also?: Record<string, string>;
}

export interface ChildListDef extends Required<ChildListInput> {
  /** i18n key of the section title: `child.<parent>.<name>`. */
  label: string;
}

/** The filters a child list applies for a parent record: its foreign key, and each of `also`. */
export function childFilters(child: ChildListDef, parent: Record<string, unknown>): Record<string, unknown> {
  const filters: Record<string, unknown> = { [child.foreignKey]: parent[child.parentField] };
  for (const [field, parentField] of Object.entries(child.also)) filters[field] = parent[parentField];
  return filters;
}

/**
 * The fields a record's detail shows: stored ones and computed list ones; never a form-only input (a
 * password). Its drawer shows them from the row clicked, or from getById when a link opens it.
 */
export function detailFields(def: ResourceDef): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>).filter(
    (f) => (f.list || !f.virtual) && f.form?.widget !== 'password',
  );
}

export interface FieldDef extends Omit<FieldInput, 'label' | 'form' | 'options'> {
  name: string;
  label: string;
  form: FormRules | null;
  options: readonly (EnumOption & { label: string })[];
}

export const STANDARD_ACTIONS = ['list', 'add', 'edit', 'remove', 'export'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/** Where an action's button sits: the toolbar, each row, or the selection of rows. */
export type ActionScope = 'toolbar' | 'row' | 'batch';

export interface CustomActionInput {
  /** Last segment of the permission id and of the API path: `<api>/<name>`. */
  name: string;
  scope: ActionScope;
  needsCode?: boolean;
  /** i18n key of a confirmation text; default none. `true` = `confirm.<resource>.<name>`. */
  confirm?: string | true;
  /** i18n key of the button; default `action.<resource>.<name>`. */
  label?: string;
  /** Another action's permission instead of a new one (e.g. two buttons, one permission). */
  permission?: string;
  /** Shown only on rows whose `field` holds one of `in` (a flag, not a lifecycle state). */
  when?: ActionWhen;
}

export interface ActionWhen {
  field: string;
  in: readonly (string | number | boolean)[];
}

export interface ActionDef {
  name: string;
  standard: boolean;
  scope: ActionScope | 'page';
  /** `<group>.<page>` for list, `<group>.<page>.<action>` for everything else. */
  permission: string;
  /** Default of the needs-a-code flag; the server's resource table has the last word. */
  needsCode: boolean;
  /** i18n key of the confirmation text, if the action asks first. */
  confirm: string | null;
  /** i18n key of the button; standard actions use the common `action.<name>` keys. */
  label: string;
  /** POST path of the action (list: `<api>/findByPage`; getById is a GET). */
  path: string;
  /** The lifecycle transition this action runs, by name. */
  transition: string | null;
  when: ActionWhen | null;
}

export type Labels = Record<Locale, Record<string, string>>;

export interface ResourceInput<F extends string = string> {
  name: string;
  group: string;
  /** The route name of the page under its group; default `name`. */
  page?: string;
  /**
   * This definition is the list its page shows, so a link to the page filters it through the URL
   * (`?field=value`, `?detail=key`); default: it is named like its page. False for a second list on
   * a page, a list nested in a row, and a list shown only in another record's detail drawer.
   */
  pageList?: boolean;
  /** Base path of the API, e.g. `/api/sys/blackIp`. */
  api: string;
  /** Primary key field; default `id`. */
  key?: string;
  fields: Record<F, FieldInput>;
  defaultSort?: { field: NoInfer<F>; order: SortOrder };
  pageSize?: number;
  /** The table stays small (tens or hundreds of rows): filters need no index. */
  small?: boolean;
  actions: readonly StandardAction[];
  /** Standard actions whose needs-a-code default is on. */
  needsCode?: readonly StandardAction[];
  /** Confirmation texts of standard actions (remove always asks, with the common text). */
  custom?: readonly CustomActionInput[];
  /** The field naming a record in options and references; default `name` when declared, else the key. */
  labelField?: NoInfer<F>;
  /** Related lists in the record's detail drawer (the child list's title is `child.<name>.<child>`). */
  children?: readonly ChildListInput[];
  /**
   * Which rows of its table this definition is (several definitions over one table: the black and the
   * white IP list): ResourceDef.scope.
   */
  scope?: RecordScope;
  /** States and transitions (lifecycle.ts): the status field's options and the transition actions. */
  lifecycle?: LifecycleInput<string>;
  /** Every i18n key this definition uses, in both languages. */
  labels: Labels;
}

export interface ResourceDef<F extends string = string> {
  name: string;
  group: string;
  page: string;
  /** The page's route path, e.g. `/sys/blackIp`. */
  pagePath: string;
  /** The list its page shows (links to the page filter it): ResourceInput.pageList. */
  pageList: boolean;
  api: string;
  key: string;
  fields: Record<F, FieldDef>;
  defaultSort: { field: F; order: SortOrder };
  pageSize: number;
  small: boolean;
  /** Every action, standard first, by name. */
  actions: Record<string, ActionDef>;
  /** The field naming a record in options and references. */
  labelField: F;
  children: readonly ChildListDef[];
  lifecycle: LifecycleDef | null;
  labels: Labels;
  /**
   * A view page's base definition (defineView): its records are the base's, so their history is kept
   * under the base's name and its transitions are the base's routes and permissions.
   */
  viewOf?: string;
  /**
   * The definition's rows, said once for both sides: column values the server's routes are restricted
   * to (one value, or any of a list), and that its inserts carry. The page reads it too (scope.ts): a
   * field the scope fixes is neither a filter nor a column, an enum it narrows offers only the scope's
   * values, and the operation log's views offer only the object types in scope and their actions.
   */
  scope?: RecordScope;
}

/** A definition's scope (ResourceDef.scope): a column's value, or any of a list of values. */
export type RecordScope = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** The common confirmation of deletes ("sure to delete the selected data?"), in the web's locales. */
export const REMOVE_CONFIRM_KEY = 'confirm.remove';

const STANDARD_SCOPE: Record<StandardAction, ActionDef['scope']> = {
  list: 'page',
  add: 'toolbar',
  edit: 'row',
  remove: 'batch',
  export: 'toolbar',
};

/** The route each standard action is served at, under the resource's `api` (a view's too). */
export const STANDARD_PATH: Record<StandardAction, string> = {
  list: 'findByPage',
  add: 'add',
  edit: 'edit',
  remove: 'removeByIds',
  export: 'export',
};

/** A field with its defaults filled in (its label key, form and options under `resource`'s name). */
export function normaliseField(resource: string, name: string, input: FieldInput): FieldDef {
  const { label, form, options, ...rest } = input;
  return {
    ...rest,
    name,
    label: label ?? `field.${resource}.${name}`,
    form: form === true ? {} : form ? form : null,
    options: (options ?? []).map((o) => ({ ...o, label: o.label ?? `enum.${resource}.${name}.${o.value}` })),
  };
}

export function defineResource<const F extends string>(input: ResourceInput<F>): ResourceDef<F> {
  const page = input.page ?? input.name;
  const pagePerm = pagePermission(input.group, page);
  const code = new Set(input.needsCode ?? []);
  const actions: Record<string, ActionDef> = {};
  for (const a of input.actions) {
    actions[a] = {
      name: a,
      standard: true,
      scope: STANDARD_SCOPE[a],
      permission: a === 'list' ? pagePerm : `${pagePerm}.${a}`,
      needsCode: code.has(a),
      confirm: a === 'remove' ? REMOVE_CONFIRM_KEY : null,
      label: `action.${a}`,
      path: `${input.api}/${STANDARD_PATH[a]}`,
      transition: null,
      when: null,
    };
  }
  for (const c of input.custom ?? []) {
    actions[c.name] = {
      name: c.name,
      standard: false,
      scope: c.scope,
      permission: c.permission ?? `${pagePerm}.${c.name}`,
      needsCode: c.needsCode ?? false,
      confirm: c.confirm === true ? `confirm.${input.name}.${c.name}` : (c.confirm ?? null),
      label: c.label ?? `action.${input.name}.${c.name}`,
      path: `${input.api}/${c.name}`,
      transition: null,
      when: c.when ?? null,
    };
  }
  const life = input.lifecycle ? normaliseLifecycle(input.name, input.lifecycle) : null;
  for (const t of Object.values(life?.lifecycle.transitions ?? {})) {
    if (t.system) continue;
    actions[t.name] = {
      name: t.name,
      standard: false,
      scope: 'row',
      permission: t.permission ?? `${pagePerm}.${t.name}`,
      needsCode: t.needsCode,
      confirm: t.confirm,
      label: t.label,
      path: `${input.api}/${t.name}`,
      transition: t.name,
      when: input.lifecycle?.transitions[t.name]?.when ?? null,
    };
  }
  const fields = {} as Record<F, FieldDef>;
  for (const [name, f] of Object.entries(input.fields) as [F, FieldInput][]) {
    // The lifecycle's states are the status field's options (one place for values and colours).
    const options = life && name === life.lifecycle.field ? life.lifecycle.states : f.options;
    fields[name] = normaliseField(input.name, name, { ...f, options });
  }
  if (life && !(life.lifecycle.field in fields)) {
    throw new Error(`${input.name}: the lifecycle's field ${life.lifecycle.field} is not a field`);
  }
  const key = input.key ?? 'id';
  return {
    name: input.name,
    group: input.group,
    page,
    pagePath: `/${input.group}/${page}`,
    pageList: input.pageList ?? page === input.name,
    api: input.api,
    key,
    fields,
    defaultSort: input.defaultSort ?? { field: key as F, order: 'desc' },
    pageSize: Math.min(input.pageSize ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
    small: input.small ?? false,
    actions,
    labelField: input.labelField ?? ('name' in input.fields ? ('name' as F) : (key as F)),
    children: (input.children ?? []).map((c) => ({
      resource: c.resource,
      name: c.name ?? c.resource,
      foreignKey: c.foreignKey,
      parentField: c.parentField ?? key,
      also: c.also ?? {},
      label: `child.${input.name}.${c.name ?? c.resource}`,
    })),
    lifecycle: life?.lifecycle ?? null,
    labels: life ? mergeLabels(input.labels, life.labels) : input.labels,
    ...(input.scope && { scope: input.scope }),
  };
}

function mergeLabels(labels: Labels, pairs: Record<string, Bilingual>): Labels {
  const extra = bilingual(pairs);
  return {
    'zh-CN': { ...labels['zh-CN'], ...extra['zh-CN'] },
    'en-US': { ...labels['en-US'], ...extra['en-US'] },
  };
}

/** The permissions a definition adds to the catalogue (its page permission comes from the route table). */
export function resourcePermissions(def: ResourceDef): PermissionDef[] {
  const seen = new Set<string>();
  const out: PermissionDef[] = [];
  for (const a of Object.values(def.actions)) {
    // A view's transitions are its base's permissions, listed under the base's page.
    if (a.name === 'list' || seen.has(a.permission) || (def.viewOf && a.transition)) continue;
    seen.add(a.permission);
    out.push({ id: a.permission, kind: 'action', page: def.pagePath, needsCode: a.needsCode });
  }
  return out;
}

/** Adds a definition's action permissions to the catalogue (resources table, role editor, guard). */
export function registerResource<D extends ResourceDef>(def: D): D {
  registerPermissions(resourcePermissions(def));
  return def;
}

/** Every i18n key a definition refers to (the registry test checks each has both languages). */
export function labelKeys(def: ResourceDef): string[] {
  const keys = new Set<string>();
  for (const f of Object.values(def.fields)) {
    keys.add(f.label);
    if (f.form?.patternMessage) keys.add(f.form.patternMessage);
    for (const o of f.options) keys.add(o.label);
  }
  for (const a of Object.values(def.actions)) {
    if (a.standard) continue;
    keys.add(a.label);
    if (a.confirm) keys.add(a.confirm);
  }
  for (const c of def.children ?? []) keys.add(c.label);
  for (const t of Object.values(def.lifecycle?.transitions ?? {})) if (t.hint) keys.add(t.hint);
  return [...keys];
}

/** The currency a money field always has (a code, not a row field), whose amount rule forms and the edge apply. */
export function fixedCurrency(field: FieldDef): string | undefined {
  return typeof field.currency === 'string' ? field.currency : undefined;
}

/** Fields stored in the resource's table (not virtual). */
export function storedFields(def: ResourceDef): FieldDef[] {
  return Object.values(def.fields).filter((f) => !f.virtual);
}

/**
 * Writes a definition's labels as `key: [zh-CN, en-US]` pairs, so both languages of a label sit on
 * one line; returns the `labels` shape of the definition.
 */
export function bilingual(pairs: Record<string, readonly [zh: string, en: string]>): Labels {
  const out: Labels = { 'zh-CN': {}, 'en-US': {} };
  for (const [key, [zh, en]] of Object.entries(pairs)) {
    out['zh-CN'][key] = zh;
    out['en-US'][key] = en;
  }
  return out;
}
