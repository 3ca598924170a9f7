/**
 * i18next with the shell's messages and the route titles (locales/<lng>/routes.ts, written alongside).
 * zh-CN is the default and the fallback (spec §1).
 */
import { DEFAULT_LOCALE, type Locale } from '@payops/contracts/api';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en-US/common.ts';
import zhCommon from '../locales/zh-CN/common.ts';
import { getLanguage } from './settings-store.ts';

type Messages = Record<string, unknown>;

// Globbed rather than imported so the shell builds whether or not a route-title file has landed yet.
const routeFiles = import.meta.glob<{ default: Messages }>('../locales/*/routes.ts', { eager: true });

function routeMessages(locale: Locale): Messages {
  return routeFiles[`../locales/${locale}/routes.ts`]?.default ?? {};
}

function merge(...sources: Messages[]): Messages {
  const out: Messages = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      const before = out[key];
      out[key] = isObject(before) && isObject(value) ? merge(before, value) : value;
    }
  }
  return out;
}

function isObject(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: merge(routeMessages('zh-CN'), zhCommon) },
    'en-US': { translation: merge(routeMessages('en-US'), enCommon) },
  },
  lng: getLanguage(),
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  initAsync: false,
});
