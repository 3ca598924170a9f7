/**
 * wallet/walletPageFundLog: wallet members' postings, a view of the ledger journal scoped to owner
 * type wallet_member (as mch/fund_log is to merchants). The journal is append-only.
 */

import { LEDGER_KIND_LABELS } from '../../ledger-kinds.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';

export const walletPageFundLog = defineResource({
  name: 'walletPageFundLog',
  group: 'wallet',
  api: '/api/wallet/fundLog',
  scope: { ownerType: 'wallet_member' },
  fields: {
    id: { type: 'number', list: true, sort: true },
    ownerCode: { type: 'string', list: true, filter: 'eq' },
    ownerId: { type: 'ref', list: true, ref: { resource: 'walletFindByPage', labelField: 'account' } },
    currency: { type: 'string', list: true },
    kind: { type: 'enum', list: true, filter: 'eq', options: optionsOf(LEDGER_KIND_LABELS) },
    amount: { type: 'money', list: true, currency: { field: 'currency' } },
    balanceAfter: { type: 'money', list: true, currency: { field: 'currency' } },
    frozenAmount: { type: 'money', list: true, currency: { field: 'currency' } },
    frozenAfter: { type: 'money', list: true, currency: { field: 'currency' } },
    refId: { type: 'string', list: true, filter: 'eq' },
    operatorId: { type: 'ref', list: true, ref: OPERATOR_REF },
    note: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.walletPageFundLog.id': ['流水号', 'Posting'],
    'field.walletPageFundLog.ownerCode': ['钱包账号', 'Wallet account'],
    'field.walletPageFundLog.ownerId': ['钱包会员', 'Wallet member'],
    'field.walletPageFundLog.currency': ['币种', 'Currency'],
    'field.walletPageFundLog.kind': ['类型', 'Kind'],
    ...enumLabels('walletPageFundLog', 'kind', LEDGER_KIND_LABELS),
    'field.walletPageFundLog.amount': ['可用变动', 'Available change'],
    'field.walletPageFundLog.balanceAfter': ['变动后可用', 'Available after'],
    'field.walletPageFundLog.frozenAmount': ['冻结变动', 'Frozen change'],
    'field.walletPageFundLog.frozenAfter': ['变动后冻结', 'Frozen after'],
    'field.walletPageFundLog.refId': ['关联单号', 'Reference'],
    'field.walletPageFundLog.operatorId': ['操作人', 'Operator'],
    'field.walletPageFundLog.note': ['备注', 'Note'],
    'field.walletPageFundLog.createdAt': ['时间', 'Time'],
  }),
});
