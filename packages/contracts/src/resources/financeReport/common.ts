/**
 * The finance reports' shared vocabulary: the dimensions every report names the same way (day,
 * merchant, passage, member, pay type, family, direction), the measures read from the order rollup
 * per direction, and their labels in both languages, so a report definition picks them by name.
 */
import type { Bilingual } from '../../lifecycle.ts';
import type { ReportDimensionInput, ReportMeasureInput } from '../../report.ts';
import { DIRECTION_LABELS, enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';
import { ANY_ORDER_FAMILY_LABELS } from '../order/order-family.ts';

/** Pay types of the rollups: a passage's, or usdt for the chain's orders. */
export const REPORT_PAY_TYPE_LABELS = {
  ...PAY_TYPE_LABELS,
  usdt: ['USDT', 'USDT'],
} as const satisfies Record<string, Bilingual>;

export const DIMENSIONS = {
  day: { type: 'date' },
  merchantId: { type: 'ref', ref: { resource: 'mchList', labelField: 'mchNo' } },
  passageId: { type: 'ref', ref: { resource: 'passage', labelField: 'name' } },
  memberAccount: { type: 'string' },
  payType: { type: 'enum', options: optionsOf(REPORT_PAY_TYPE_LABELS) },
  family: { type: 'enum', options: optionsOf(ANY_ORDER_FAMILY_LABELS) },
  direction: { type: 'enum', options: optionsOf(DIRECTION_LABELS) },
} as const satisfies Record<string, ReportDimensionInput>;

export type DimensionName = keyof typeof DIMENSIONS;

const DIMENSION_LABELS: Record<DimensionName, Bilingual> = {
  day: ['日期', 'Day'],
  merchantId: ['商户号', 'Merchant no.'],
  passageId: ['通道', 'Passage'],
  memberAccount: ['会员账号', 'Member account'],
  payType: ['支付类型', 'Pay type'],
  family: ['订单类型', 'Order family'],
  direction: ['方向', 'Direction'],
};

/** The named dimensions and their labels (field and enum values) for report `name`. */
export function dimensions<const K extends DimensionName>(name: string, ...keys: K[]) {
  const dims = Object.fromEntries(keys.map((k) => [k, DIMENSIONS[k]])) as Pick<typeof DIMENSIONS, K>;
  const labels: Record<string, Bilingual> = {};
  for (const k of keys) {
    labels[`field.${name}.${k}`] = DIMENSION_LABELS[k];
    if (k === 'payType') Object.assign(labels, enumLabels(name, k, REPORT_PAY_TYPE_LABELS));
    if (k === 'family') Object.assign(labels, enumLabels(name, k, ANY_ORDER_FAMILY_LABELS));
    if (k === 'direction') Object.assign(labels, enumLabels(name, k, DIRECTION_LABELS));
  }
  return { dims, labels };
}

type Direction = 'deposit' | 'withdraw';

/**
 * The figures of one direction read from the order rollup, named `<prefix><Figure>` (depositCount,
 * withdrawSuccessAmount...): created orders, successes and their amount and fee, and the success rate.
 */
export function directionMeasures(prefix: Direction | '', where: Record<string, string> = {}) {
  const w = prefix ? { ...where, direction: prefix } : where;
  const n = (figure: string) =>
    prefix ? `${prefix}${figure}` : figure.charAt(0).toLowerCase() + figure.slice(1);
  return {
    [n('Count')]: { type: 'number', sum: 'orderCount', where: w, chart: false },
    [n('Amount')]: { type: 'money', sum: 'orderAmount', where: w, chart: false },
    [n('SuccessCount')]: { type: 'number', sum: 'successCount', where: w, chart: false },
    [n('SuccessAmount')]: { type: 'money', sum: 'successAmount', where: w, chart: true },
    [n('Fee')]: { type: 'money', sum: 'successFee', where: w, chart: false },
    [n('Rate')]: { type: 'percent', ratio: [n('SuccessCount'), n('Count')], chart: false },
  } satisfies Record<string, ReportMeasureInput>;
}

/**
 * What the providers charged for the success orders and the platform's margin (fees less that), from
 * the order rollup, with their labels for report `name`.
 */
export function marginMeasures(name: string) {
  const measures: Record<string, ReportMeasureInput> = {
    channelFee: { type: 'money', sum: 'successChannelFee', chart: false },
    margin: { type: 'money', sum: 'successMargin', chart: false },
  };
  return {
    measures,
    labels: {
      [`field.${name}.channelFee`]: ['通道成本', 'Channel cost'],
      [`field.${name}.margin`]: ['毛利', 'Margin'],
    } as Record<string, Bilingual>,
  };
}

const FIGURE_LABELS: Record<string, [string, string, string, string]> = {
  // figure: [zh alone, en alone, zh with deposit/withdraw prefix inserted, en]
  Count: ['订单数', 'Orders', '笔数', 'orders'],
  Amount: ['订单金额', 'Order amount', '金额', 'amount'],
  SuccessCount: ['成功笔数', 'Successes', '成功笔数', 'successes'],
  SuccessAmount: ['成功金额', 'Success amount', '成功金额', 'success amount'],
  Fee: ['手续费', 'Fees', '手续费', 'fees'],
  Rate: ['成功率', 'Success rate', '成功率', 'success rate'],
};

const DIRECTION_WORD: Record<Direction, [string, string]> = {
  deposit: ['充值', 'Deposit'],
  withdraw: ['提现', 'Withdrawal'],
};

/** Labels of directionMeasures(prefix) for report `name`; `amountLabel` renames the success amount (income, expense). */
export function directionLabels(
  name: string,
  prefix: Direction | '',
  amountLabel?: Bilingual,
): Record<string, Bilingual> {
  const out: Record<string, Bilingual> = {};
  for (const [figure, [zh, en, zhIn, enIn]] of Object.entries(FIGURE_LABELS)) {
    const key = prefix ? `${prefix}${figure}` : figure.charAt(0).toLowerCase() + figure.slice(1);
    const pair: Bilingual = prefix
      ? [`${DIRECTION_WORD[prefix][0]}${zhIn}`, `${DIRECTION_WORD[prefix][1]} ${enIn}`]
      : [zh, en];
    out[`field.${name}.${key}`] = figure === 'SuccessAmount' && amountLabel ? amountLabel : pair;
  }
  return out;
}
