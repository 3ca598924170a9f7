/**
 * wallet/walletFindByPage and walletPayTypeInfoPage: members of the platform's own mobile wallet
 * (registered by the wallet app through modules/wallet/wallet-app.service.ts), their KYC state and
 * level, balances from their ledger accounts (owner type wallet_member), freeze/unfreeze as
 * transitions with a reason; and their pay accounts, masked on the server.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';

export const WALLET_KYC_LABELS = {
  none: ['未认证', 'Not verified'],
  pending: ['认证中', 'Pending'],
  verified: ['已认证', 'Verified'],
  rejected: ['认证失败', 'Rejected'],
} as const satisfies Record<string, readonly [string, string]>;

/** A frozen wallet member cannot post ads, trade or withdraw; freezing says why. */
export const walletMemberLifecycle = defineLifecycle({
  states: {
    normal: { color: 'green', label: ['正常', 'Normal'] },
    frozen: { color: 'red', label: ['冻结', 'Frozen'] },
  },
  transitions: {
    freeze: {
      from: ['normal'],
      to: 'frozen',
      label: ['冻结', 'Freeze'],
      hint: [
        '冻结后该钱包会员不能挂单、交易和提现。',
        'A frozen wallet member cannot post ads, trade or withdraw.',
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
    unfreeze: {
      from: ['frozen'],
      to: 'normal',
      label: ['解冻', 'Unfreeze'],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
  },
});

export const walletFindByPage = defineResource({
  name: 'walletFindByPage',
  group: 'wallet',
  api: '/api/wallet/member',
  fields: {
    id: { type: 'number', list: true, sort: true },
    account: { type: 'string', list: true, filter: 'eq' },
    phone: { type: 'string', list: true, mask: 'phone', filter: 'eq' },
    realName: { type: 'string', list: true, mask: 'name' },
    idNumber: { type: 'string', list: true, mask: 'idNumber' },
    kycState: { type: 'enum', list: true, filter: 'eq', options: optionsOf(WALLET_KYC_LABELS) },
    // An operator sets it (edit): it opens the wallet's ad rules of higher levels (virtualOrderConfigPage).
    level: {
      type: 'number',
      list: true,
      filter: 'eq',
      sort: true,
      form: { required: true, min: 1, max: 20 },
    },
    available: { type: 'money', list: true, virtual: true, currency: 'USDT' },
    frozenBalance: { type: 'money', list: true, virtual: true, currency: 'USDT' },
    status: { type: 'enum', list: true, filter: 'eq' },
    language: { type: 'string', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'edit', 'export'],
  labelField: 'account',
  lifecycle: walletMemberLifecycle,
  children: [
    { resource: 'walletPayTypeInfoPage', foreignKey: 'walletMemberId' },
    { resource: 'walletPageFundLog', foreignKey: 'ownerCode', parentField: 'account' },
  ],
  labels: bilingual({
    'field.walletFindByPage.id': ['编号', 'ID'],
    'field.walletFindByPage.account': ['钱包账号', 'Wallet account'],
    'field.walletFindByPage.phone': ['手机号', 'Phone'],
    'field.walletFindByPage.realName': ['真实姓名', 'Real name'],
    'field.walletFindByPage.idNumber': ['身份证号', 'ID number'],
    'field.walletFindByPage.kycState': ['实名认证', 'KYC'],
    ...enumLabels('walletFindByPage', 'kycState', WALLET_KYC_LABELS),
    'field.walletFindByPage.level': ['钱包等级', 'Wallet level'],
    'field.walletFindByPage.available': ['可用(USDT)', 'Available (USDT)'],
    'field.walletFindByPage.frozenBalance': ['冻结(USDT)', 'Frozen (USDT)'],
    'field.walletFindByPage.status': ['状态', 'Status'],
    'field.walletFindByPage.language': ['语言', 'Language'],
    'field.walletFindByPage.createdAt': ['注册时间', 'Registered at'],
    'child.walletFindByPage.walletPayTypeInfoPage': ['收付款方式', 'Pay accounts'],
    'child.walletFindByPage.walletPageFundLog': ['资金流水', 'Fund log'],
  }),
});

export const walletPayTypeInfoPage = defineResource({
  name: 'walletPayTypeInfoPage',
  group: 'wallet',
  api: '/api/wallet/payTypeInfo',
  fields: {
    id: { type: 'number', list: true, sort: true },
    walletMemberId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'walletFindByPage', labelField: 'account' },
    },
    memberAccount: { type: 'string', list: true, filter: 'eq' },
    payType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(PAY_TYPE_LABELS) },
    // Cards, phones and wallet ids alike keep only their first three and last four characters.
    accountNo: { type: 'string', list: true, mask: 'phone', filter: 'eq' },
    holderName: { type: 'string', list: true, mask: 'name' },
    bankName: { type: 'string', list: true },
    enabled: { type: 'boolean', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.walletPayTypeInfoPage.id': ['编号', 'ID'],
    'field.walletPayTypeInfoPage.walletMemberId': ['钱包会员', 'Wallet member'],
    'field.walletPayTypeInfoPage.memberAccount': ['钱包账号', 'Wallet account'],
    'field.walletPayTypeInfoPage.payType': ['收付款方式', 'Pay type'],
    ...enumLabels('walletPayTypeInfoPage', 'payType', PAY_TYPE_LABELS),
    'field.walletPayTypeInfoPage.accountNo': ['账号', 'Account no.'],
    'field.walletPayTypeInfoPage.holderName': ['户名', 'Holder'],
    'field.walletPayTypeInfoPage.bankName': ['开户行', 'Bank'],
    'field.walletPayTypeInfoPage.enabled': ['启用', 'Enabled'],
    'field.walletPayTypeInfoPage.createdAt': ['添加时间', 'Added at'],
  }),
});
