/**
 * member/financialRecordPage: members' money (CNY) and credit-point (PTS) postings, a view of the ledger
 * journal scoped to owner type member. (member/matchRecordPage is the member's matches: resources/match.)
 */

import { LEDGER_KIND_LABELS } from '../../ledger-kinds.ts';
import type { Currency } from '../../money.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';

function recordPage<const N extends string>(name: N, amountLabel: readonly [string, string]) {
  return defineResource({
    name,
    group: 'member',
    scope: { ownerType: 'member', currency: ['CNY', 'PTS'] satisfies Currency[] },
    api: `/api/member/${name}`,
    fields: {
      id: { type: 'number', list: true, sort: true },
      ownerCode: { type: 'string', list: true, filter: 'eq' },
      merchantId: {
        type: 'ref',
        list: true,
        filter: 'eq',
        ref: { resource: 'mchList', labelField: 'mchNo' },
      },
      kind: { type: 'enum', list: true, filter: 'eq', options: optionsOf(LEDGER_KIND_LABELS) },
      amount: { type: 'money', list: true },
      balanceAfter: { type: 'money', list: true },
      refId: { type: 'string', list: true, filter: 'eq' },
      note: { type: 'text', list: true },
      createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list', 'export'],
    labels: bilingual({
      [`field.${name}.id`]: ['流水号', 'Posting'],
      [`field.${name}.ownerCode`]: ['会员账号', 'Member account'],
      [`field.${name}.merchantId`]: ['商户号', 'Merchant no.'],
      [`field.${name}.kind`]: ['类型', 'Kind'],
      ...enumLabels(name, 'kind', LEDGER_KIND_LABELS),
      [`field.${name}.amount`]: amountLabel,
      [`field.${name}.balanceAfter`]: ['变动后余额', 'Balance after'],
      [`field.${name}.refId`]: ['关联单号', 'Reference'],
      [`field.${name}.note`]: ['备注', 'Note'],
      [`field.${name}.createdAt`]: ['时间', 'Time'],
    }),
  });
}

export const financialRecordPage = recordPage('financialRecordPage', ['变动金额', 'Amount']);
