/** Texts of the /financeRisk pages' own dialogs (the definitions carry field and action labels). */
import { bilingual } from '@payops/contracts/resource';
import { useState } from 'react';
import { addLabels } from '../../engine/resource-labels.ts';

export const riskLabels = bilingual({
  'riskPage.importTitle': ['批量导入 · {{list}}', 'Bulk import · {{list}}'],
  'riskPage.importText': [
    '每行一个值，可在逗号后写该行原因（有一行错误则全部不导入）',
    'One value per line, optionally `,reason` (one bad line and nothing is imported)',
  ],
  'riskPage.importRequired': ['请至少输入一行', 'Enter at least one line'],
  'riskPage.importReason': ['默认原因', 'Default reason'],
  'riskPage.imported': ['已导入 {{count}} 条', '{{count}} entries imported'],
  'riskPage.attempt': ['查看请求', 'View attempt'],
});

export function useRiskLabels(): void {
  useState(() => addLabels('@finance-risk-pages', riskLabels));
}
