/**
 * Texts of the generated detail drawer, the ref select and the audit timeline, in both languages.
 * They join i18next with the drawer's and select's chunks (not the shell's first download).
 */
import { bilingual } from '@payops/contracts/resource';
import { addLabels } from './resource-labels.ts';

addLabels(
  '@engine-detail',
  bilingual({
    'engine.detailTitle': ['详情 · {{name}}', 'Details · {{name}}'],
    'engine.detailFields': ['基本信息', 'Fields'],
    'engine.history': ['操作记录', 'History'],
    'engine.historyEmpty': ['暂无操作记录', 'No recorded operations'],
    'engine.historyMore': ['更早的记录', 'Older entries'],
    'engine.historyFailed': ['失败', 'failed'],
    'engine.childEmpty': ['暂无数据', 'No rows'],
    'engine.openList': ['在列表中查看', 'Open the list'],
    'engine.loadMore': ['加载更多…', 'Load more…'],
    'engine.searchToSelect': ['输入以搜索', 'Type to search'],
    'engine.changeBefore': ['变更前', 'Before'],
    'engine.changeAfter': ['变更后', 'After'],
    'engine.note.amount': ['金额', 'Amount'],
    'engine.note.reason': ['原因', 'Reason'],
  }),
);
