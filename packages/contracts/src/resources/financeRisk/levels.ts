/**
 * financeRisk/credit_level, macth_level and findLevelFixedPage: the level definitions the level job
 * applies to members (thresholds over their last 30 days of successful deposits; the level's deposit
 * limits, single and per platform day, which the risk check applies to each new deposit; whether they
 * may match), which match levels may pair, and levels an operator fixed by hand (the job
 * leaves those members alone until the fixed level expires or is removed).
 */
import { bilingual, defineResource } from '../../resource.ts';

export const creditLevel = defineResource({
  name: 'credit_level',
  group: 'financeRisk',
  api: '/api/financeRisk/credit_level',
  small: true,
  fields: {
    id: { type: 'number', list: true },
    level: { type: 'number', list: true, sort: true, form: { required: true, min: 1, max: 99 } },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, max: 40 } },
    minDepositCount: { type: 'number', list: true, form: { required: true, min: 0, max: 1_000_000 } },
    minDepositAmount: {
      type: 'money',
      list: true,
      currency: 'CNY',
      form: { required: true, minAmount: '0' },
    },
    singleLimit: { type: 'money', list: true, currency: 'CNY', form: { required: true, minAmount: '0' } },
    dailyLimit: { type: 'money', list: true, currency: 'CNY', form: { required: true, minAmount: '0' } },
    matchAllowed: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    matchLevel: { type: 'number', list: true, form: { required: true, min: 1, max: 99 } },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'level', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.credit_level.id': ['编号', 'ID'],
    'field.credit_level.level': ['等级', 'Level'],
    'field.credit_level.name': ['名称', 'Name'],
    'field.credit_level.minDepositCount': ['30天成功充值笔数≥', 'Deposits in 30 days ≥'],
    'field.credit_level.minDepositAmount': ['30天成功充值金额≥', 'Deposited in 30 days ≥'],
    'field.credit_level.singleLimit': ['单笔充值限额', 'Single deposit limit'],
    'field.credit_level.dailyLimit': ['单日充值限额', 'Daily deposit limit'],
    'field.credit_level.matchAllowed': ['允许匹配', 'May match'],
    'field.credit_level.matchLevel': ['对应匹配等级', 'Match level given'],
    'field.credit_level.updatedAt': ['更新时间', 'Updated at'],
  }),
});

export const matchLevel = defineResource({
  name: 'macth_level',
  group: 'financeRisk',
  api: '/api/financeRisk/macth_level',
  small: true,
  fields: {
    id: { type: 'number', list: true },
    level: { type: 'number', list: true, sort: true, form: { required: true, min: 1, max: 99 } },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, max: 40 } },
    /** The match levels this one may be paired with, comma separated (both sides must allow it). */
    pairsWith: {
      type: 'string',
      list: true,
      form: {
        required: true,
        max: 200,
        pattern: '^\\d{1,2}(,\\d{1,2})*$',
        patternMessage: 'hint.macth_level.pairsWith',
      },
    },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'level', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.macth_level.id': ['编号', 'ID'],
    'field.macth_level.level': ['匹配等级', 'Match level'],
    'field.macth_level.name': ['名称', 'Name'],
    'field.macth_level.pairsWith': ['可配对等级', 'May pair with levels'],
    'field.macth_level.updatedAt': ['更新时间', 'Updated at'],
    'hint.macth_level.pairsWith': ['用逗号分隔的等级，如 1,2,3', 'Levels separated by commas, e.g. 1,2,3'],
  }),
});

export const levelFixed = defineResource({
  name: 'findLevelFixedPage',
  group: 'financeRisk',
  api: '/api/financeRisk/findLevelFixedPage',
  fields: {
    id: { type: 'number', list: true, sort: true },
    mchNo: {
      type: 'string',
      list: true,
      filter: 'eq',
      form: { required: true, max: 40, readonlyOnEdit: true },
    },
    memberAccount: {
      type: 'string',
      list: true,
      filter: 'eq',
      form: { required: true, max: 64, readonlyOnEdit: true },
    },
    level: { type: 'number', list: true, filter: 'eq', form: { required: true, min: 1, max: 99 } },
    matchLevel: { type: 'number', list: true, form: { required: true, min: 1, max: 99 } },
    reason: { type: 'string', list: true, form: { required: true, min: 2, max: 200 } },
    operatorName: { type: 'string', list: true, filter: 'eq' },
    expiresAt: { type: 'datetime', list: true, sort: true, form: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.findLevelFixedPage.id': ['编号', 'ID'],
    'field.findLevelFixedPage.mchNo': ['商户号', 'Merchant no.'],
    'field.findLevelFixedPage.memberAccount': ['会员账号', 'Member account'],
    'field.findLevelFixedPage.level': ['固定信用等级', 'Fixed credit level'],
    'field.findLevelFixedPage.matchLevel': ['固定匹配等级', 'Fixed match level'],
    'field.findLevelFixedPage.reason': ['原因', 'Reason'],
    'field.findLevelFixedPage.operatorName': ['操作人', 'Operator'],
    'field.findLevelFixedPage.expiresAt': ['到期时间', 'Expires at'],
    'field.findLevelFixedPage.createdAt': ['创建时间', 'Created at'],
  }),
});
