/**
 * A definition's labels (`labels['zh-CN' | 'en-US']`) go into i18next when its page mounts, so the
 * route table's pages never pay for labels they do not show.
 *
 * Labels are added only to a language whose messages are already loaded: the shell loads en-US on
 * demand and decides that by `hasResourceBundle`, so creating the en-US bundle early with only our
 * labels in it would stop the shell's own messages from ever loading. When the language changes,
 * every definition seen so far is added to the new language (the shell loads it first).
 */
import type { Locale } from '@payops/contracts/api';
import type { ResourceDef } from '@payops/contracts/resource';
import { useState } from 'react';
import { rememberActionPaths } from '../lib/action-names.ts';
import { i18n } from '../lib/i18n.ts';

const registered = new Map<string, ResourceDef['labels']>();
const applied = new Set<string>();

function apply(name: string, labels: ResourceDef['labels'], locale: string): void {
  const mark = `${locale}:${name}`;
  if (applied.has(mark) || !i18n.hasResourceBundle(locale, 'translation')) return;
  const messages = labels[locale as Locale];
  if (!messages) return;
  // addResources splits the dotted keys (`field.user.id`) into the nested shape the shell uses.
  i18n.addResources(locale, 'translation', messages);
  applied.add(mark);
}

i18n.on('languageChanged', (locale: string) => {
  for (const [name, labels] of registered) apply(name, labels, locale);
});

type Nested = { [key: string]: string | Nested };

/** `{ engine: { search: '...' } }` -> `{ 'engine.search': '...' }`, so adding never replaces a subtree. */
export function flatten(messages: Nested, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

/** Adds the labels of a definition (or of a page's own extra labels under a distinct name). */
export function addLabels(name: string, labels: ResourceDef['labels']): void {
  registered.set(name, labels);
  for (const locale of Object.keys(labels)) apply(name, labels, locale);
}

/**
 * Adds the labels during the first render, before any `t()` of the page runs; a full definition also
 * tells the code dialog which action each of its paths is.
 */
export function useResourceLabels(
  def: Pick<ResourceDef, 'name' | 'labels'> & Partial<Pick<ResourceDef, 'actions' | 'pagePath'>>,
): void {
  useState(() => {
    addLabels(def.name, def.labels);
    if (def.actions && def.pagePath) rememberActionPaths({ actions: def.actions, pagePath: def.pagePath });
  });
}
