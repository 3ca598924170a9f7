/**
 * member/payFundOrderPage and member/transFundOrderPage: rebates on members' deposits and withdrawals.
 * One table, two pages scoped by direction.
 */
import { bilingual, defineResource } from '../../resource.ts';

function rebatePage<const N extends string>(name: N, direction: 'deposit' | 'withdraw') {
  return defineResource({
    name,
    scope: { direction },
    group: 'member',
    api: `/api/member/${name}`,
    fields: {
      id: { type: 'number', list: true, sort: true },
      orderNo: { type: 'string', list: true, filter: 'eq' },
      mchNo: { type: 'string', list: true, filter: 'eq' },
      memberAccount: { type: 'string', list: true, filter: 'eq' },
      orderAmount: { type: 'money', list: true },
      rate: { type: 'money', display: 'percent', list: true },
      amount: { type: 'money', list: true, sort: true },
      status: {
        type: 'enum',
        list: true,
        filter: 'eq',
        options: [
          { value: 'pending', color: 'gold' },
          { value: 'paid', color: 'green' },
          { value: 'cancelled', color: 'default' },
        ],
      },
      createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list', 'export'],
    labels: bilingual({
      [`field.${name}.id`]: ['编号', 'ID'],
      [`field.${name}.orderNo`]: ['返利单号', 'Rebate order no.'],
      [`field.${name}.mchNo`]: ['商户号', 'Merchant no.'],
      [`field.${name}.memberAccount`]: ['会员账号', 'Member account'],
      [`field.${name}.orderAmount`]: ['订单金额', 'Order amount'],
      [`field.${name}.rate`]: ['返利比例', 'Rebate rate'],
      [`field.${name}.amount`]: ['返利金额', 'Rebate'],
      [`field.${name}.status`]: ['状态', 'Status'],
      [`enum.${name}.status.pending`]: ['待发放', 'Pending'],
      [`enum.${name}.status.paid`]: ['已发放', 'Paid'],
      [`enum.${name}.status.cancelled`]: ['已取消', 'Cancelled'],
      [`field.${name}.createdAt`]: ['时间', 'Time'],
    }),
  });
}

export const payFundOrderPage = rebatePage('payFundOrderPage', 'deposit');
export const transFundOrderPage = rebatePage('transFundOrderPage', 'withdraw');
