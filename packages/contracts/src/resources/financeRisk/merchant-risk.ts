/**
 * financeRisk/depositDayReportSum: per merchant and day, the deposits (count, amount, successes,
 * success rate) against the merchant's previous 7 days: `flag` marks a volume spike (amount above
 * `spikeFactor` times the 7-day average) or a success-rate drop (more than `dropPoints` below the
 * 7-day rate). A job rolls the figures up set-based; the flag column is the page's coloured tag.
 */
import { bilingual, defineResource } from '../../resource.ts';

export const MERCHANT_RISK_FLAGS = ['normal', 'spike', 'drop', 'both'] as const;

export const depositDayReportSum = defineResource({
  name: 'depositDayReportSum',
  group: 'financeRisk',
  api: '/api/financeRisk/depositDayReportSum',
  fields: {
    id: { type: 'number', list: true },
    day: { type: 'date', list: true, sort: true, filter: 'between' },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    orders: { type: 'number', list: true },
    successes: { type: 'number', list: true },
    amount: { type: 'money', list: true, currency: 'CNY' },
    successAmount: { type: 'money', list: true, currency: 'CNY' },
    successRate: { type: 'money', list: true, display: 'percent' },
    avgAmount7d: { type: 'money', list: true, currency: 'CNY' },
    avgRate7d: { type: 'money', list: true, display: 'percent' },
    flag: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'normal', color: 'green' },
        { value: 'spike', color: 'orange' },
        { value: 'drop', color: 'red' },
        { value: 'both', color: 'magenta' },
      ],
    },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'day', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.depositDayReportSum.id': ['编号', 'ID'],
    'field.depositDayReportSum.day': ['日期', 'Day'],
    'field.depositDayReportSum.mchNo': ['商户号', 'Merchant no.'],
    'field.depositDayReportSum.orders': ['充值笔数', 'Deposits'],
    'field.depositDayReportSum.successes': ['成功笔数', 'Succeeded'],
    'field.depositDayReportSum.amount': ['充值金额', 'Amount'],
    'field.depositDayReportSum.successAmount': ['成功金额', 'Succeeded amount'],
    'field.depositDayReportSum.successRate': ['成功率', 'Success rate'],
    'field.depositDayReportSum.avgAmount7d': ['前7日日均金额', 'Average day (7 before)'],
    'field.depositDayReportSum.avgRate7d': ['前7日成功率', '7-day success rate'],
    'field.depositDayReportSum.flag': ['风险标记', 'Flag'],
    'field.depositDayReportSum.updatedAt': ['更新时间', 'Updated at'],
    'enum.depositDayReportSum.flag.normal': ['正常', 'Normal'],
    'enum.depositDayReportSum.flag.spike': ['量突增', 'Volume spike'],
    'enum.depositDayReportSum.flag.drop': ['成功率下降', 'Success-rate drop'],
    'enum.depositDayReportSum.flag.both': ['突增且下降', 'Spike and drop'],
  }),
});
