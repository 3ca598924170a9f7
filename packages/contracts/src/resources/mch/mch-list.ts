/**
 * mch/mchList: merchants. The merchant number and signing secret are made by the server (add is the
 * module's own route, which shows the secret once); balances come from the ledger; money moves only
 * through `adjust` (a code always; above the approval threshold a second operator approves).
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';

/** Disabled: its API calls are refused. Frozen: it cannot pay out. Both say why. */
export const merchantLifecycle = defineLifecycle({
  states: {
    enabled: { color: 'green', label: ['启用', 'Enabled'] },
    disabled: { color: 'default', label: ['停用', 'Disabled'] },
    frozen: { color: 'red', label: ['冻结', 'Frozen'] },
  },
  transitions: {
    enable: {
      from: ['disabled', 'frozen'],
      to: 'enabled',
      label: ['启用', 'Enable'],
      confirm: ['确定启用该商户吗？', 'Enable this merchant?'],
    },
    disable: {
      from: ['enabled', 'frozen'],
      to: 'disabled',
      label: ['停用', 'Disable'],
      hint: ['停用后该商户的API调用将被拒绝。', "The merchant's API calls are refused while disabled."],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
    freeze: {
      from: ['enabled', 'disabled'],
      to: 'frozen',
      label: ['冻结', 'Freeze'],
      hint: ['冻结后该商户不能出款。', 'A frozen merchant cannot pay out.'],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
    },
  },
});

const rateRules = { minAmount: '0', maxAmount: '1' };

export const mchList = defineResource({
  name: 'mchList',
  group: 'mch',
  api: '/api/mch/mchList',
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    mchNo: { type: 'string', list: true, filter: 'eq', sort: true },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
    status: { type: 'enum', list: true, filter: 'eq' },
    agentId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'mchList', labelField: 'name' },
      form: true,
    },
    available: { type: 'money', list: true, virtual: true },
    frozen: { type: 'money', list: true, virtual: true },
    secretHint: { type: 'string', list: true },
    depositRate: { type: 'money', display: 'percent', list: true, form: { required: true, ...rateRules } },
    withdrawRate: { type: 'money', display: 'percent', list: true, form: { required: true, ...rateRules } },
    feeRates: { type: 'json', form: true },
    singleMin: { type: 'money', currency: 'CNY', form: { minAmount: '0' } },
    singleMax: { type: 'money', currency: 'CNY', form: { minAmount: '0' } },
    dailyLimit: { type: 'money', currency: 'CNY', list: true, form: { minAmount: '0' } },
    notifyUrl: {
      type: 'string',
      form: { max: 255, pattern: 'https?://\\S+', patternMessage: 'rule.mchList.notifyUrl' },
    },
    ipWhitelist: { type: 'text', form: { max: 2000, widget: 'textarea' } },
    contact: { type: 'string', list: true, mask: 'name', form: { max: 32 } },
    phone: {
      type: 'string',
      mask: 'phone',
      form: { max: 20, pattern: '\\+?[0-9 -]{5,20}', patternMessage: 'rule.mchList.phone' },
    },
    remark: { type: 'text', form: { max: 500 } },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'edit', 'export'],
  children: [
    { resource: 'fund_log', foreignKey: 'ownerCode', parentField: 'mchNo' },
    { resource: 'mchAdjust', foreignKey: 'mchNo', parentField: 'mchNo' },
  ],
  custom: [
    { name: 'adjust', scope: 'row', needsCode: true },
    { name: 'resetSecret', scope: 'row', confirm: true, needsCode: true },
  ],
  lifecycle: merchantLifecycle,
  labels: bilingual({
    'rule.mchList.notifyUrl': [
      '请输入以 http:// 或 https:// 开头的网址',
      'Enter a web address starting with http:// or https://',
    ],
    'rule.mchList.phone': [
      '请输入 5-20 位电话号码（数字、空格、连字符，可带 +）',
      'Enter a phone number: 5 to 20 digits, spaces or hyphens, optionally starting with +',
    ],
    'field.mchList.id': ['编号', 'ID'],
    'field.mchList.mchNo': ['商户号', 'Merchant no.'],
    'field.mchList.name': ['商户名称', 'Merchant name'],
    'field.mchList.status': ['状态', 'Status'],
    'field.mchList.agentId': ['上级代理', 'Agent'],
    'field.mchList.available': ['可用余额', 'Available'],
    'field.mchList.frozen': ['冻结金额', 'Frozen'],
    'field.mchList.secretHint': ['签名密钥', 'Signing secret'],
    'field.mchList.depositRate': ['充值费率', 'Deposit fee rate'],
    'field.mchList.withdrawRate': ['提现费率', 'Withdrawal fee rate'],
    'field.mchList.feeRates': ['分支付方式费率', 'Rates per pay type'],
    'field.mchList.singleMin': ['单笔最低', 'Single minimum'],
    'field.mchList.singleMax': ['单笔最高', 'Single maximum'],
    'field.mchList.dailyLimit': ['日充值限额', 'Daily deposit limit'],
    'field.mchList.notifyUrl': ['回调地址', 'Notify URL'],
    'field.mchList.ipWhitelist': ['API IP白名单', 'API IP white list'],
    'field.mchList.contact': ['联系人', 'Contact'],
    'field.mchList.phone': ['联系电话', 'Phone'],
    'field.mchList.remark': ['备注', 'Remark'],
    'field.mchList.createdAt': ['创建时间', 'Created at'],
    'child.mchList.fund_log': ['资金流水', 'Fund log'],
    'child.mchList.mchAdjust': ['调账记录', 'Balance adjustments'],
    'action.mchList.adjust': ['调整余额', 'Adjust balance'],
    'action.mchList.resetSecret': ['重置密钥', 'Reset secret'],
    'confirm.mchList.resetSecret': [
      '确定重置签名密钥吗？旧密钥立即失效，新密钥只显示一次。',
      'Reset the signing secret? The old one stops working at once; the new one is shown once.',
    ],
  }),
});
