/** antd's own texts per language; zh-CN is bundled (the default), en-US loads when chosen. */
import type { Locale } from '@payops/contracts/api';
import type { Locale as AntdLocale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';

const cache = new Map<Locale, AntdLocale>([['zh-CN', zhCN]]);

export function cachedAntdLocale(locale: Locale): AntdLocale | undefined {
  return cache.get(locale);
}

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  const hit = cache.get(locale);
  if (hit) return hit;
  const loaded = (await import('antd/es/locale/en_US')).default;
  cache.set(locale, loaded);
  return loaded;
}

export const defaultAntdLocale = zhCN;
