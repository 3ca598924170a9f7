/**
 * antd's own texts per language, loaded when a language is chosen (and before the first render for
 * the stored one, see i18n.ts): neither locale needs to sit in the first download.
 */
import type { Locale } from '@payops/contracts/api';
import type { Locale as AntdLocale } from 'antd/es/locale';

const cache = new Map<Locale, AntdLocale>();

const loaders: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'en-US': () => import('antd/es/locale/en_US'),
};

export function cachedAntdLocale(locale: Locale): AntdLocale | undefined {
  return cache.get(locale);
}

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  const hit = cache.get(locale);
  if (hit) return hit;
  const loaded = (await loaders[locale]()).default;
  cache.set(locale, loaded);
  return loaded;
}
