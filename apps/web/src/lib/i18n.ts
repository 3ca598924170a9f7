/**
 * i18next with the shell's messages and the route titles (locales/<lng>/routes.ts).
 * zh-CN is the default and the fallback (spec §1), so it is always bundled; en-US is loaded when
 * chosen (before the first render when it is the stored choice), keeping it out of the first download.
 */
import { DEFAULT_LOCALE, type Locale } from '@payops/contracts/api';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCommon from '../locales/zh-CN/common.ts';
import zhRoutes from '../locales/zh-CN/routes.ts';
import { loadAntdLocale } from './antd-locale.ts';
import { getLanguage } from './settings-store.ts';

type Messages = Record<string, unknown>;

function isObject(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge: the route titles and the shell's messages share the top level. */
export function mergeMessages(...sources: Messages[]): Messages {
  const out: Messages = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      const before = out[key];
      out[key] = isObject(before) && isObject(value) ? mergeMessages(before, value) : value;
    }
  }
  return out;
}

const loaders: Record<Locale, () => Promise<Messages>> = {
  'zh-CN': async () => mergeMessages(zhRoutes, zhCommon),
  'en-US': async () => {
    const [routes, common] = await Promise.all([
      import('../locales/en-US/routes.ts'),
      import('../locales/en-US/common.ts'),
    ]);
    return mergeMessages(routes.default, common.default);
  },
};

export const i18n = i18next.createInstance();

declare global {
  interface Window {
    /** Every key a `t()` could not find in any language, `<lng>:<key>`; the browser tests read it. */
    __missingI18nKeys?: string[];
  }
}

/**
 * Records untranslated keys rather than only rendering them raw: the browser tests fail on any
 * (e2e/support/browser.ts). Kept in the tab's session storage too, so a reload loses none. A few
 * bytes, and harmless in production.
 */
const MISSING_KEY = 'missingI18nKeys';

function recordMissing(lngs: readonly string[], _ns: string, key: string): void {
  window.__missingI18nKeys ??= JSON.parse(sessionStorage.getItem(MISSING_KEY) ?? '[]') as string[];
  const seen = window.__missingI18nKeys;
  const entry = `${lngs.join(',')}:${key}`;
  if (seen.includes(entry)) return;
  seen.push(entry);
  sessionStorage.setItem(MISSING_KEY, JSON.stringify(seen));
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: mergeMessages(zhRoutes, zhCommon) } },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  initAsync: false,
  saveMissing: true,
  missingKeyHandler: recordMissing,
  // Components are not told of a language change by i18next's event: react-i18next reads it through
  // useSyncExternalStore, whose updates React renders synchronously, all at once, even when the
  // change is made in a transition. The App hands them a new view of this instance instead
  // (app.tsx, useLanguageSync), which reaches them as a transition.
  react: { bindI18n: '' },
});

/** Loads the language's messages if they are not loaded yet. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loaders[locale]());
  }
}

/** Loads the language's messages if needed, then switches to it. */
export async function switchLanguage(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
}

/** The stored language, ready before the first render. */
export const i18nReady: Promise<void> = Promise.all([
  switchLanguage(getLanguage()),
  loadAntdLocale(getLanguage()),
])
  .then(() => undefined)
  .catch(() => undefined);
