/**
 * A readable name for what the operation log and the role editor call an action: a permission id
 * (`<group>.<page>` or `<group>.<page>.<action>`) or, for session routes, the route's path. Names come
 * from the definitions' action labels and the route titles, in the operator's language; the caller
 * keeps the technical id at hand (hover).
 */
import { Permission } from '@payops/contracts/permissions';
import { bilingual } from '@payops/contracts/resource';
import { allResources } from '@payops/contracts/resources/index';
import { OTHER_OBJECT_TYPES, otherObjectTypeLabel } from '@payops/contracts/resources/sys/opearlog';
import { TRADE_SERVICE_ACTIONS } from '@payops/contracts/resources/trade/trade-vocab';
import { allPages, pagePermission } from '@payops/contracts/routes';
import type { TFunction } from 'i18next';
import { addLabels } from '../../engine/resource-labels.ts';
import { i18n } from '../../lib/i18n.ts';
import { addShellLabels } from '../../lib/shell-labels.ts';

interface Name {
  label: string;
  /** Route title key of the page it belongs to. */
  page?: string;
}

/**
 * The shell's own actions, and the routes without a permission that are audited, logged by their path:
 * the session's own, and the sign-in's (refused by the IP lists).
 */
const SHELL_ACTIONS: Record<string, Name> = {
  [Permission.updatePassword]: { label: 'user.changePassword' },
  [Permission.unmask]: { label: 'user.unmask' },
  [Permission.orderCounts]: { label: 'header.orderCounts' },
  [Permission.sandboxControl]: { label: 'sandbox.control' },
  '/api/sys/user/updatePassword': { label: 'user.changePassword' },
  '/api/getGoogleQR': { label: 'user.bindAuth' },
  '/api/getGoogleSecret': { label: 'user.bindAuth' },
  '/api/bindGoogle': { label: 'user.bindAuth' },
  '/api/logout': { label: 'user.logout' },
  '/api/auth/publicKey': { label: 'login.submit' },
  '/api/auth': { label: 'login.submit' },
};

let names: Map<string, Name> | undefined;

/** Each page's route title key by its permission (`<group>.<page>`). */
const pageTitles = () => new Map(allPages.map((p) => [pagePermission(p.group, p.name), p.titleKey]));

function catalogue(): Map<string, Name> {
  if (names) return names;
  addShellLabels();
  names = new Map(Object.entries(SHELL_ACTIONS));
  addLabels(
    'tradeService',
    bilingual(
      Object.fromEntries(
        Object.entries(TRADE_SERVICE_ACTIONS).map(([k, pair]) => [`tradeService.${k}`, pair]),
      ),
    ),
  );
  const titles = pageTitles();
  for (const [permission, titleKey] of titles) names.set(permission, { label: titleKey });
  for (const def of allResources) {
    // Action names come from every definition's labels, not only the pages opened so far.
    addLabels(def.name, def.labels);
    const page = titles.get(pagePermission(def.group, def.page));
    for (const action of Object.values(def.actions)) {
      if (action.name === 'list') continue;
      if (!names.has(action.permission)) names.set(action.permission, { label: action.label, page });
      names.set(action.path, { label: action.label, page });
    }
    // A transition run by the platform, a trader or a job is logged as `<group>.<page>.<transition>`
    // (the server's systemAuditRow), also when no operator may run it (a system transition).
    for (const t of Object.values(def.lifecycle?.transitions ?? {})) {
      const id = `${def.group}.${def.page}.${t.name}`;
      if (!names.has(id)) names.set(id, { label: t.label, page });
    }
    // The market's service steps (post, take, apply, push) on the page their record shows on: only
    // the trading group's pages have them.
    if (def.group !== 'tradeManage') continue;
    for (const action of Object.keys(TRADE_SERVICE_ACTIONS)) {
      const id = `${def.group}.${def.page}.${action}`;
      if (!names.has(id)) names.set(id, { label: `tradeService.${action}`, page });
    }
  }
  return names;
}

let objectTitles: Map<string, string> | undefined;

/** Each object type's label key: its definition's page title, or its own name (OTHER_OBJECT_TYPES). */
function objectTypeLabels(): Map<string, string> {
  if (objectTitles) return objectTitles;
  catalogue();
  const titles = pageTitles();
  objectTitles = new Map();
  for (const def of allResources) {
    const title = titles.get(pagePermission(def.group, def.page));
    if (title) objectTitles.set(def.name, title);
  }
  for (const type of Object.keys(OTHER_OBJECT_TYPES)) objectTitles.set(type, otherObjectTypeLabel(type));
  return objectTitles;
}

/** The name of an object type (the title of the page that shows it), or null. */
export function objectTypeName(objectType: string, t: TFunction): string | null {
  const label = objectTypeLabels().get(objectType);
  return label ? t(label) : null;
}

/** One choice of a searchable filter: the stored id, shown by its name with the id after it. */
export interface NamedChoice {
  value: string;
  label: string;
}

const byLabel = (a: NamedChoice, b: NamedChoice) => a.label.localeCompare(b.label);

/**
 * Every action the operation log can hold, for its filter: ids of permissions, transitions, steps;
 * within `objectTypes` (a view's scope), the actions of those types' pages.
 */
export function actionChoices(t: TFunction, objectTypes?: readonly string[]): NamedChoice[] {
  const pages =
    objectTypes &&
    new Set(
      objectTypes
        .map(pageOf)
        .filter(Boolean)
        .map((p) => `${p}.`),
    );
  const out: NamedChoice[] = [];
  for (const id of catalogue().keys()) {
    // A definition's route path is logged only for routes without a permission, which SHELL_ACTIONS names.
    if (id.startsWith('/') && !(id in SHELL_ACTIONS)) continue;
    if (pages && ![...pages].some((p) => id.startsWith(p))) continue;
    const name = actionName(id, t);
    if (name) out.push({ value: id, label: `${name} (${id})` });
  }
  return out.sort(byLabel);
}

/** Every object type of the operation log (or of a view's `objectTypes`), for its filter. */
export function objectTypeChoices(t: TFunction, objectTypes?: readonly string[]): NamedChoice[] {
  return [...objectTypeLabels()]
    .filter(([type]) => !objectTypes || objectTypes.includes(type))
    .map(([type, label]) => ({ value: type, label: `${t(label)} (${type})` }))
    .sort(byLabel);
}

/** `<group>.<page>` of the page a definition's records show on. */
function pageOf(objectType: string): string | undefined {
  const def = allResources.find((d) => d.name === objectType);
  return def && `${def.group}.${def.page}`;
}

/** The action's name (`page · action`), or null when nothing knows it. */
export function actionName(id: string, t: TFunction): string | null {
  const name = catalogue().get(id);
  if (!name || !i18n.exists(name.label)) return null;
  return name.page ? `${t(name.page)} · ${t(name.label)}` : t(name.label);
}

/** The name with the id in brackets (the role editor shows both). */
export function permissionLabel(permission: string, t: TFunction): string {
  const name = actionName(permission, t);
  return name ? `${name} (${permission})` : permission;
}
