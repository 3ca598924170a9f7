/**
 * Texts of the /mch and /member pages' own dialogs (the definitions carry field and action labels).
 * Both languages on one line per key; added to i18next when such a page first mounts.
 */
import { bilingual } from '@payops/contracts/resource';
import { useState } from 'react';
import { addLabels } from '../../engine/resource-labels.ts';

export const mchLabels = bilingual({
  'mchPage.create': ['新增商户', 'New merchant'],
  'mchPage.secretTitle': ['签名密钥 · {{mchNo}}', 'Signing secret · {{mchNo}}'],
  'mchPage.secretOnce': [
    '密钥只显示这一次，请立即复制并安全地交给商户。关闭后将无法再次查看。',
    'The secret is shown this once: copy it now and hand it to the merchant safely. It cannot be seen again.',
  ],
  'mchPage.copy': ['复制', 'Copy'],
  'mchPage.adjustTitle': ['调整余额 · {{name}}', 'Adjust balance · {{name}}'],
  'mchPage.current': [
    '当前可用 {{available}}，冻结 {{frozen}}',
    'Available {{available}}, frozen {{frozen}}',
  ],
  'mchPage.type': ['调整类型', 'Type'],
  'mchPage.amount': ['金额', 'Amount'],
  'mchPage.reason': ['调整原因', 'Reason'],
  'mchPage.over.available': [
    '金额超过可用余额 {{balance}}',
    'The amount is over the available balance of {{balance}}',
  ],
  'mchPage.over.frozen': [
    '金额超过冻结余额 {{balance}}',
    'The amount is over the frozen balance of {{balance}}',
  ],
  'mchPage.reasonRule': ['请填写2-200字的原因', 'Give a reason of 2 to 200 characters'],
  'mchPage.adjustDone': ['调整成功，可用余额 {{available}}', 'Done: available balance {{available}}'],
  'mchPage.adjustPending': [
    '金额超过复核阈值，已提交待另一位操作员复核',
    'Above the approval threshold: waiting for another operator to approve',
  ],
  'mchPage.merchants': ['商户列表', 'Merchants'],
  'mchPage.approvals': ['调账复核', 'Adjustment approvals'],
  'mchPage.threshold': [
    '超过 {{threshold}} 的调整需另一位操作员复核；复核前扣款和冻结的金额先冻结。',
    'Above {{threshold}} a second operator must approve; a debit or freeze holds its amount until then.',
  ],
  'mchPage.needsApproval': [
    '该金额超过复核阈值：提交后等待另一位操作员复核。',
    'This amount is above the threshold: it will wait for another operator to approve.',
  ],
  'mchPage.approveDone': ['已通过，资金已变动', 'Approved: the money moved'],
  'memberPage.pointsTitle': ['调整积分 · {{account}}', 'Adjust points · {{account}}'],
  'memberPage.points': ['积分变动（负数为扣减）', 'Points (negative to take)'],
  'memberPage.pointsRule': ['请输入非零整数', 'Enter a whole number other than 0'],
  'memberPage.pointsDone': ['积分已调整，当前 {{points}}', 'Points adjusted: now {{points}}'],
});

export function useMchLabels(): void {
  useState(() => addLabels('@mch-pages', mchLabels));
}
