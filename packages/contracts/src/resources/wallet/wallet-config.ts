/**
 * The wallet's trade configuration pages: ad order rules (virtualOrderConfigPage), sell split rules
 * (sellSplitQuery), pay types and withdraw types with limits and on/off (payTypePage,
 * withdrawTypePage), and members' fixed payment codes (fixedCodeConfigPage: the payload a QR
 * encodes and its SHA-256; made by the wallet app, switched on/off here). A member's ad is shaped by the
 * ad and split rules when posted (modules/wallet/wallet-ad-terms.ts: pay types by level, take bounds,
 * payment window, daily limit); every take a member is party to obeys the pay type (as the buyer) or
 * the withdraw type (as the seller), single and daily limits, and a seller pays the withdraw type's fee
 * rate on the coins sold (wallet-trader.ts). A fixed code that is on is a way its member is paid: the
 * buyer of an order by its pay type is shown its payload (modules/wallet/wallet-payee.ts).
 */
import { bilingual, defineResource, type FieldInput } from '../../resource.ts';
import { enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';
import { LIMIT_FIELDS, limitLabels, STATUS_FIELD, statusLabels } from '../payManage/common.ts';

const PAY_TYPE_FIELD = {
  type: 'enum',
  list: true,
  filter: 'eq',
  options: optionsOf(PAY_TYPE_LABELS),
  form: { required: true },
} as const;
const AMOUNT = { required: true, minAmount: '0', maxAmount: '100000000' } as const;
const payTypeLabels = (name: string) => ({
  [`field.${name}.payType`]: ['收付款方式', 'Pay type'] as const,
  ...enumLabels(name, 'payType', PAY_TYPE_LABELS),
});

export const virtualOrderConfigPage = defineResource({
  name: 'virtualOrderConfigPage',
  group: 'wallet',
  api: '/api/wallet/sellConfig',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
    payType: PAY_TYPE_FIELD,
    ...LIMIT_FIELDS,
    payMinutes: { type: 'number', list: true, form: { required: true, min: 1, max: 1440 } },
    minLevel: { type: 'number', list: true, form: { required: true, min: 1, max: 20 } },
    status: STATUS_FIELD,
    createdAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.virtualOrderConfigPage.id': ['编号', 'ID'],
    'field.virtualOrderConfigPage.name': ['规则名称', 'Rule name'],
    ...payTypeLabels('virtualOrderConfigPage'),
    ...limitLabels('virtualOrderConfigPage'),
    'field.virtualOrderConfigPage.payMinutes': ['付款时限(分钟)', 'Payment window (minutes)'],
    'field.virtualOrderConfigPage.minLevel': ['最低钱包等级', 'Minimum wallet level'],
    ...statusLabels('virtualOrderConfigPage'),
    'field.virtualOrderConfigPage.createdAt': ['创建时间', 'Created at'],
  }),
});

export const sellSplitQuery = defineResource({
  name: 'sellSplitQuery',
  group: 'wallet',
  api: '/api/wallet/sellSplit',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    fromAmount: { type: 'money', currency: 'CNY', list: true, form: AMOUNT },
    toAmount: { type: 'money', currency: 'CNY', list: true, form: AMOUNT },
    pieceMin: { type: 'money', currency: 'CNY', list: true, form: AMOUNT },
    pieceMax: { type: 'money', currency: 'CNY', list: true, form: AMOUNT },
    maxPieces: { type: 'number', list: true, form: { required: true, min: 1, max: 50 } },
    status: STATUS_FIELD,
    createdAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  labelField: 'id',
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.sellSplitQuery.id': ['编号', 'ID'],
    'field.sellSplitQuery.fromAmount': ['卖单金额从', 'Sell amount from'],
    'field.sellSplitQuery.toAmount': ['卖单金额至', 'Sell amount to'],
    'field.sellSplitQuery.pieceMin': ['拆分最小金额', 'Smallest piece'],
    'field.sellSplitQuery.pieceMax': ['拆分最大金额', 'Largest piece'],
    'field.sellSplitQuery.maxPieces': ['最多拆分笔数', 'At most pieces'],
    ...statusLabels('sellSplitQuery'),
    'field.sellSplitQuery.createdAt': ['创建时间', 'Created at'],
  }),
});

function typePage<const N extends string, G extends string>(
  name: N,
  api: string,
  extra: Record<G, FieldInput>,
) {
  return defineResource({
    name,
    group: 'wallet',
    api,
    small: true,
    fields: {
      id: { type: 'number', list: true, sort: true },
      payType: PAY_TYPE_FIELD,
      ...LIMIT_FIELDS,
      ...extra,
      sortOrder: { type: 'number', list: true, sort: true, form: { required: true, min: 0, max: 999 } },
      status: STATUS_FIELD,
      createdAt: { type: 'datetime', list: true },
    },
    defaultSort: { field: 'sortOrder', order: 'asc' },
    labelField: 'payType',
    actions: ['list', 'add', 'edit', 'remove', 'export'],
    labels: bilingual({
      [`field.${name}.id`]: ['编号', 'ID'],
      ...payTypeLabels(name),
      ...limitLabels(name),
      [`field.${name}.feeRate`]: ['手续费率', 'Fee rate'],
      [`field.${name}.sortOrder`]: ['排序', 'Order'],
      ...statusLabels(name),
      [`field.${name}.createdAt`]: ['创建时间', 'Created at'],
    }),
  });
}

export const payTypePage = typePage('payTypePage', '/api/wallet/payType', {});
export const withdrawTypePage = typePage('withdrawTypePage', '/api/wallet/withdrawType', {
  feeRate: {
    type: 'money',
    display: 'percent',
    list: true,
    form: { required: true, minAmount: '0', maxAmount: '0.2' },
  },
});

export const fixedCodeConfigPage = defineResource({
  name: 'fixedCodeConfigPage',
  group: 'wallet',
  api: '/api/wallet/fixedCode',
  fields: {
    id: { type: 'number', list: true, sort: true },
    walletMemberId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'walletFindByPage', labelField: 'account' },
    },
    memberAccount: { type: 'string', list: true, filter: 'eq' },
    payType: { ...PAY_TYPE_FIELD, form: undefined },
    payload: { type: 'text', list: true },
    payloadHash: { type: 'string', list: true },
    status: { ...STATUS_FIELD },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'edit', 'export'],
  labels: bilingual({
    'field.fixedCodeConfigPage.id': ['编号', 'ID'],
    'field.fixedCodeConfigPage.walletMemberId': ['钱包会员', 'Wallet member'],
    'field.fixedCodeConfigPage.memberAccount': ['钱包账号', 'Wallet account'],
    ...payTypeLabels('fixedCodeConfigPage'),
    'field.fixedCodeConfigPage.payload': ['收款码内容', 'Code payload'],
    'field.fixedCodeConfigPage.payloadHash': ['内容摘要(SHA-256)', 'Payload SHA-256'],
    ...statusLabels('fixedCodeConfigPage'),
    'field.fixedCodeConfigPage.createdAt': ['创建时间', 'Created at'],
  }),
});
