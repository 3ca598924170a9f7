/**
 * The engine's own texts (locales/<lng>/engine.ts) join i18next when the engine loads, through the
 * same path as the definitions' labels. They travel with the engine's chunk rather than with the
 * shell: the first download is at its 200 KB budget, and only pages with lists need them.
 */
import enEngine from '../locales/en-US/engine.ts';
import zhEngine from '../locales/zh-CN/engine.ts';
import { addLabels, flatten } from './resource-labels.ts';

addLabels('@engine', { 'zh-CN': flatten(zhEngine), 'en-US': flatten(enEngine) });
