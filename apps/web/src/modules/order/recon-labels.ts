/**
 * Texts of the reconciliation page's own parts (the upload/fetch dialog, the progress cell, the lines
 * section); the definitions carry the field, state and action labels. Added when the page mounts.
 */
import { bilingual } from '@payops/contracts/resource';
import { useState } from 'react';
import { addLabels } from '../../engine/resource-labels.ts';

const reconLabels = bilingual({
  'recon.uploadTitle': ['上传对账单', 'Upload a statement'],
  'recon.fetchTitle': ['从上游拉取对账单', 'Fetch a statement from the upstream'],
  'recon.day': ['业务日', 'Business day'],
  'recon.file': ['对账单文件（.csv / .xlsx，UTF-8）', 'Statement file (.csv / .xlsx, UTF-8)'],
  'recon.partyRequired': ['请选择三方', 'Choose a third party'],
  'recon.dayRequired': ['请选择业务日', 'Choose the business day'],
  'recon.fileRequired': ['请选择文件', 'Choose a file'],
  'recon.mappingHint': [
    '列按三方的接口类型配置的对账单列映射读取（支付管理 > 接口类型）。整份文件校验通过后才导入。',
    "Columns are read by the third party's interface type mapping (Pay management > Interface types). Nothing is imported unless the whole file passes.",
  ],
  'recon.started': ['已开始导入 {{lines}} 行', 'Importing {{lines}} lines'],
  'recon.lines': ['对账明细', 'Statement lines'],
});

export function useReconLabels(): void {
  useState(() => addLabels('@recon-page', reconLabels));
}
