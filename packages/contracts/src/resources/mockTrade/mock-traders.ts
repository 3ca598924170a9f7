/**
 * tradeMock/tradeMockSon's automatic traders: the buyers and the sellers, each running or stopped
 * with its rate, amount range and the shares that pay late or dispute. Two rows; started and stopped
 * by GET /mockTrade/{buy,sell}{Start,Stop}.
 */
import { bilingual, defineResource } from '../../resource.ts';

export const tradeMockTraders = defineResource({
  name: 'tradeMockTraders',
  group: 'tradeMock',
  page: 'tradeMockSon',
  api: '/api/tradeMock/traders',
  key: 'side',
  small: true,
  fields: {
    side: {
      type: 'enum',
      list: true,
      options: [
        { value: 'buy', color: 'green' },
        { value: 'sell', color: 'orange' },
      ],
    },
    running: { type: 'boolean', list: true },
    ratePerMinute: { type: 'number', list: true },
    amountMin: { type: 'money', list: true, currency: 'USDT' },
    amountMax: { type: 'money', list: true, currency: 'USDT' },
    lateShare: { type: 'money', list: true, display: 'percent' },
    disputeShare: { type: 'money', list: true, display: 'percent' },
    actions: { type: 'number', list: true },
    startedAt: { type: 'datetime', list: true },
    stoppedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'side', order: 'asc' },
  labelField: 'side',
  actions: ['list'],
  labels: bilingual({
    'field.tradeMockTraders.side': ['自动交易者', 'Automatic trader'],
    'enum.tradeMockTraders.side.buy': ['自动买家', 'Buyers'],
    'enum.tradeMockTraders.side.sell': ['自动卖家', 'Sellers'],
    'field.tradeMockTraders.running': ['运行中', 'Running'],
    'field.tradeMockTraders.ratePerMinute': ['每分钟笔数', 'Per minute'],
    'field.tradeMockTraders.amountMin': ['最小金额', 'Min amount'],
    'field.tradeMockTraders.amountMax': ['最大金额', 'Max amount'],
    'field.tradeMockTraders.lateShare': ['迟付比例', 'Late share'],
    'field.tradeMockTraders.disputeShare': ['争议比例', 'Dispute share'],
    'field.tradeMockTraders.actions': ['已下单/接单', 'Orders placed/taken'],
    'field.tradeMockTraders.startedAt': ['启动时间', 'Started at'],
    'field.tradeMockTraders.stoppedAt': ['停止时间', 'Stopped at'],
  }),
});
