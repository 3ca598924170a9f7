/**
 * The six risk lists (financeRisk/depositBlack ... blackCard): one table (`risk_list_entries`), one
 * shape, one page per list. An entry is added (form, bulk import or a rule: server
 * `addListEntry`), lifted by an operator with a reason, or expires by itself; never edited or deleted,
 * so what blocked an order stays explainable. Cards are stored as a keyed hash and their last 4.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { networkOptions } from '../sys/addr-pool.ts';
import { LIST_KINDS, RISK_KINDS, type RiskList } from './risk-values.ts';

export const riskEntryLifecycle = defineLifecycle({
  states: {
    active: { color: 'red', label: ['生效中', 'Active'] },
    lifted: { color: 'default', label: ['已解除', 'Lifted'] },
    expired: { color: 'default', label: ['已过期', 'Expired'] },
  },
  transitions: {
    lift: {
      from: ['active'],
      to: 'lifted',
      label: ['解除', 'Lift'],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
    expire: { from: ['active'], to: 'expired', label: ['到期失效', 'Expire'], system: true },
  },
});

/** The kinds of entry whose value is personal data, and how each is masked. */
const PERSONAL_KIND_MASKS = { realName: 'name', phone: 'phone', idNumber: 'idNumber' } as const;

/** Who put an entry there: an operator's form, a bulk import, or a rule (the levels' auto-blacklist). */
export const ENTRY_SOURCES = {
  operator: ['人工添加', 'Operator'],
  import: ['批量导入', 'Bulk import'],
  rule: ['规则自动', 'Rule'],
} as const satisfies Record<string, readonly [string, string]>;

/** The bulk import's body: one value per line, `value[,reason]` (CSV without a header works too). */
export const RISK_IMPORT_MAX_LINES = 5000;

function riskListResource<const N extends string>(name: N, list: RiskList) {
  const kinds = LIST_KINDS[list];
  const isCard = list === 'card' || list === 'withdraw_black' || list === 'withdraw_white';
  return defineResource({
    name,
    group: 'financeRisk',
    api: `/api/financeRisk/${name}`,
    fields: {
      id: { type: 'number', list: true, sort: true },
      kind: {
        type: 'enum',
        list: true,
        filter: 'eq',
        options: kinds.map((value) => ({ value })),
        form: { required: true, widget: 'select', readonlyOnEdit: true },
      },
      // The operator types the full value; what is stored is normalised (a card: `**** 1234`), and
      // personal values are shown masked unless unmasked.
      value: {
        type: 'string',
        list: true,
        filter: 'eq',
        form: { required: true, max: 128 },
        maskBy: { field: 'kind', kinds: PERSONAL_KIND_MASKS },
      },
      network: { type: 'enum', list: list === 'vc_address', options: networkOptions },
      last4: { type: 'string', list: isCard, filter: 'eq' },
      merchantId: {
        type: 'ref',
        list: true,
        filter: 'eq',
        ref: { resource: 'mchList', labelField: 'name' },
        form: true,
      },
      reason: { type: 'string', list: true, form: { required: true, min: 2, max: 200 } },
      expiresAt: { type: 'datetime', list: true, sort: true, form: true },
      status: { type: 'enum', list: true, filter: 'eq' },
      source: { type: 'enum', list: true, options: optionsOf(ENTRY_SOURCES) },
      createdBy: { type: 'ref', list: true, ref: OPERATOR_REF },
      createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
      liftedAt: { type: 'datetime', list: true },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list', 'add', 'export'],
    custom: [{ name: 'import', scope: 'toolbar' }],
    lifecycle: riskEntryLifecycle,
    labels: bilingual({
      [`field.${name}.id`]: ['编号', 'ID'],
      [`field.${name}.kind`]: ['类型', 'Kind'],
      ...enumLabels(name, 'kind', RISK_KINDS),
      [`field.${name}.value`]: ['值', 'Value'],
      [`field.${name}.network`]: ['网络', 'Network'],
      [`enum.${name}.network.TRC20`]: ['TRC20', 'TRC20'],
      [`enum.${name}.network.ERC20`]: ['ERC20', 'ERC20'],
      [`field.${name}.last4`]: ['卡号后四位', 'Card last 4'],
      [`field.${name}.merchantId`]: ['限定商户', 'Merchant (blank: all)'],
      [`field.${name}.reason`]: ['原因', 'Reason'],
      [`field.${name}.expiresAt`]: ['到期时间', 'Expires at'],
      [`field.${name}.status`]: ['状态', 'Status'],
      [`field.${name}.source`]: ['来源', 'Source'],
      ...enumLabels(name, 'source', ENTRY_SOURCES),
      [`field.${name}.createdBy`]: ['操作人', 'Added by'],
      [`field.${name}.createdAt`]: ['添加时间', 'Added at'],
      [`field.${name}.liftedAt`]: ['解除时间', 'Lifted at'],
      [`action.${name}.import`]: ['批量导入', 'Bulk import'],
    }),
  });
}

export const depositBlack = riskListResource('depositBlack', 'deposit_black');
export const depositWhite = riskListResource('depositWhite', 'deposit_white');
export const withdrawBlack = riskListResource('withdrawBlack', 'withdraw_black');
export const withdrawWhite = riskListResource('withdrawWhite', 'withdraw_white');
export const blackVcAddresList = riskListResource('blackVcAddresList', 'vc_address');
export const blackCard = riskListResource('blackCard', 'card');

/** Each page's list (the server's scope). */
export const RISK_LIST_PAGES = [
  [depositBlack, 'deposit_black'],
  [depositWhite, 'deposit_white'],
  [withdrawBlack, 'withdraw_black'],
  [withdrawWhite, 'withdraw_white'],
  [blackVcAddresList, 'vc_address'],
  [blackCard, 'card'],
] as const;
