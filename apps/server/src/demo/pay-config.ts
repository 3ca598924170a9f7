/**
 * The demo platform's payment configuration: interface types, third parties of each direction (the
 * built-in sandbox provider among them, reached at the server's own origin + /sandbox/upstream),
 * their passages and interface configs, agent-pay configs, the bank list, dictionary items, pay
 * parameters and quick amounts. Secrets are sealed like any typed by an operator.
 */

import { mappingColumns, PAY_TYPE_LABELS, SANDBOX_STATEMENT_MAPPING } from '@payops/contracts';
import { passages, thirdParties } from '../modules/mch/passage.schema.ts';
import {
  fastAmounts,
  interfaceTypes,
  payDictItems,
  payOtherConfigs,
  thirdAgentPays,
  thirdBanks,
  thirdInterfaces,
} from '../modules/payManage/schema.ts';
import type { Tx } from '../platform/ledger/index.ts';
import { seal } from '../platform/secret-box.ts';
import type { Random } from './random.ts';

/** The alert line of the demo's agent-pay configs: a payout provider's balance below it rings the bell. */
export const DEMO_PAYOUT_ALERT = '100000';

/**
 * The sandbox's callbacks come from this server: from the loopback address when it calls itself there;
 * behind a PUBLIC_ORIGIN, from whatever address the way out gives it, so no list (any address).
 */
function sandboxCallbackIps(origin: string): string | null {
  const host = new URL(origin).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' ? '127.0.0.1\n::1' : null;
}

/** Where the sandbox provider answers (modules/upstream), on this server. */
export const sandboxBaseUrl = (origin: string) => `${origin}/sandbox/upstream`;

type PartySeed = {
  code: string;
  name: string;
  direction: 'deposit' | 'withdraw';
  interfaceType: 'sandbox' | 'http-json' | 'http-form';
  host?: string;
  payTypes: readonly (typeof passages.$inferInsert)['payType'][];
};

const PARTIES: readonly PartySeed[] = [
  {
    code: 'SANDBOX',
    name: '沙箱支付',
    direction: 'deposit',
    interfaceType: 'sandbox',
    payTypes: ['bank_card', 'alipay', 'wechat'],
  },
  {
    code: 'FASTPAY',
    name: '快付通',
    direction: 'deposit',
    interfaceType: 'http-json',
    host: 'fastpay',
    payTypes: ['alipay', 'wechat', 'alipay_to_card'],
  },
  {
    code: 'HUIPAY',
    name: '汇付宝',
    direction: 'deposit',
    interfaceType: 'http-form',
    host: 'huipay',
    payTypes: ['bank_card', 'unionpay_to_card', 'ecny'],
  },
  {
    code: 'YUNPAY',
    name: '云支付',
    direction: 'deposit',
    interfaceType: 'http-json',
    host: 'yunpay',
    payTypes: ['wechat', 'qq', 'wechat_to_card'],
  },
  {
    code: 'JUBAO',
    name: '聚宝支付',
    direction: 'deposit',
    interfaceType: 'http-json',
    host: 'jubao',
    payTypes: ['alipay_large', 'alipay'],
  },
  {
    code: 'SANDBOX_DF',
    name: '沙箱代付',
    direction: 'withdraw',
    interfaceType: 'sandbox',
    payTypes: ['bank_card'],
  },
  {
    code: 'TONGLIAN',
    name: '通联代付',
    direction: 'withdraw',
    interfaceType: 'http-json',
    host: 'tonglian',
    payTypes: ['bank_card', 'alipay'],
  },
  {
    code: 'FASTPAY_DF',
    name: '快付通代付',
    direction: 'withdraw',
    interfaceType: 'http-form',
    host: 'fastpay',
    payTypes: ['bank_card'],
  },
];

const BANKS = [
  ['ICBC', '中国工商银行'],
  ['ABC', '中国农业银行'],
  ['BOC', '中国银行'],
  ['CCB', '中国建设银行'],
  ['BOCOM', '交通银行'],
  ['CMB', '招商银行'],
  ['CITIC', '中信银行'],
  ['CEB', '中国光大银行'],
  ['CMBC', '中国民生银行'],
  ['PAB', '平安银行'],
  ['SPDB', '浦发银行'],
  ['PSBC', '中国邮政储蓄银行'],
] as const;

// Reference lists only: what the flows obey lives in the switches, the back-office settings and the
// pay parameters (an item that looked like a setting here would be one that nothing reads).
const DICTIONARY = [
  ['BANK_CARD_TYPE', 'DEBIT', '借记卡', 'debit'],
  ['BANK_CARD_TYPE', 'CREDIT', '信用卡', 'credit'],
  ['CERT_TYPE', 'ID_CARD', '居民身份证', '01'],
  ['CERT_TYPE', 'PASSPORT', '护照', '02'],
  ['CERT_TYPE', 'HK_MACAO_PASS', '港澳居民来往内地通行证', '03'],
  ['CERT_TYPE', 'TAIWAN_PASS', '台湾居民来往大陆通行证', '04'],
] as const;

const PAY_PARAMETERS = [
  ['deposit', '100', '50000', '0', '充值免手续费'],
  ['withdraw', '100', '50000', '0.005', '提现收取0.5%手续费，最低2元'],
  ['wechat', '10', '5000', '0.006', '微信支付收取0.6%手续费'],
  ['alipay', '10', '20000', '0.006', '支付宝收取0.6%手续费'],
  ['usdt', '10', '100000', '0.01', 'USDT按链上到账金额入账，收取1%手续费'],
] as const;

const QUICK_AMOUNTS = {
  deposit: '100,200,500,1000,2000,5000',
  withdraw: '100,500,1000,5000,10000',
  wechat: '50,100,200,500',
  alipay: '100,200,500,1000,2000',
  usdt: '20,50,100,500',
} as const;

/** Everything above, in the caller's transaction; answers the passages made (for merchant configs). */
export async function seedPayConfig(tx: Tx, r: Random, secretKey: Buffer, origin: string) {
  await tx.insert(interfaceTypes).values([
    {
      code: 'sandbox',
      name: '沙箱模拟三方',
      signMethod: 'HMAC-SHA256',
      requestFormat: 'json',
      remark: '内置模拟三方，走真实HTTP',
      // The sandbox's statement columns, shown and editable on /payManage/interfacet_list.
      ...mappingColumns(SANDBOX_STATEMENT_MAPPING),
    },
    { code: 'http-json', name: '通用JSON接口', signMethod: 'HMAC-SHA256', requestFormat: 'json' },
    { code: 'http-form', name: '通用表单接口', signMethod: 'MD5', requestFormat: 'form' },
  ]);
  const parties = await tx
    .insert(thirdParties)
    .values(
      PARTIES.map((p, i) => {
        const secret = `demo-${p.code.toLowerCase()}-${r.digits(16)}`;
        return {
          code: p.code,
          name: p.name,
          direction: p.direction,
          interfaceType: p.interfaceType,
          baseUrl: p.host ? `https://api.${p.host}.example.com/gateway` : sandboxBaseUrl(origin),
          upstreamMchNo: `${p.code.slice(0, 2)}${8_800_000 + i * 137}`,
          secretEnc: seal(secretKey, secret),
          secretHint: `******${secret.slice(-4)}`,
          // One provider switched off, so the page shows both states.
          status: p.code === 'JUBAO' ? ('off' as const) : ('on' as const),
        };
      }),
    )
    .returning();
  const seedOf = (code: string) => PARTIES.find((p) => p.code === code)!;
  const made = await tx
    .insert(passages)
    .values(
      parties.flatMap((party) =>
        seedOf(party.code).payTypes.map((payType, j) => ({
          thirdPartyId: party.id,
          // `-收` / `-付`: which way the money goes, readable in any list that names the passage.
          name: `${party.name}-${PAY_TYPE_LABELS[payType][0]}-${party.direction === 'deposit' ? '收' : '付'}`,
          payType,
          direction: party.direction,
          rate: party.interfaceType === 'sandbox' ? '0.005' : `0.00${r.int(3, 9)}`,
          singleMin: '100',
          singleMax: String(r.pick([5000, 20000, 50000])),
          dailyLimit: String(r.pick([500000, 1000000, 5000000])),
          weight: party.interfaceType === 'sandbox' ? 10 : r.int(1, 8),
          // A degraded and a down passage outside the sandbox, so health shows its three states.
          health:
            party.code === 'YUNPAY' && j === 0
              ? ('degraded' as const)
              : party.code === 'JUBAO'
                ? ('down' as const)
                : ('healthy' as const),
        })),
      ),
    )
    .returning();
  await tx.insert(thirdInterfaces).values(
    parties.map((p) => ({
      thirdPartyId: p.id,
      interfaceType: p.interfaceType,
      createUrl: `${p.baseUrl}/${p.direction === 'deposit' ? 'pay/create' : 'payout/create'}`,
      queryUrl: `${p.baseUrl}/${p.direction === 'deposit' ? 'pay/query' : 'payout/query'}`,
      payoutUrl: p.direction === 'withdraw' ? `${p.baseUrl}/payout/create` : null,
      callbackIps:
        p.interfaceType === 'sandbox'
          ? sandboxCallbackIps(origin)
          : `198.51.100.${10 + p.id}\n198.51.100.${40 + p.id}`,
    })),
  );
  await tx.insert(thirdAgentPays).values(
    parties
      .filter((p) => p.direction === 'withdraw')
      .map((p) => ({
        thirdPartyId: p.id,
        name: `${p.name}-银行卡代付`,
        singleMin: '100',
        singleMax: '50000',
        dailyLimit: '3000000',
        fee: p.interfaceType === 'sandbox' ? '1' : '2',
        balanceAlert: DEMO_PAYOUT_ALERT,
        autoPayout: p.interfaceType === 'sandbox',
      })),
  );
  const mapped = parties.filter((p) => p.direction === 'withdraw' || p.code === 'HUIPAY');
  await tx.insert(thirdBanks).values(
    BANKS.map(([bankCode, name], i) => ({
      bankCode,
      name,
      thirdCodes: mapped
        .map((p) => `${p.code}=${p.interfaceType === 'sandbox' ? bankCode : String(1001 + i)}`)
        .join('\n'),
      sort: i + 1,
    })),
  );
  await tx
    .insert(payDictItems)
    .values(
      DICTIONARY.map(([code, itemKey, name, value], i) => ({ code, itemKey, name, value, sort: i + 1 })),
    );
  await tx.insert(payOtherConfigs).values(
    PAY_PARAMETERS.map(([code, minAmount, maxAmount, feeRate, feeHint]) => ({
      code,
      minAmount,
      maxAmount,
      feeRate,
      feeHint,
    })),
  );
  await tx
    .insert(fastAmounts)
    .values(Object.entries(QUICK_AMOUNTS).map(([code, amounts]) => ({ code: code as 'deposit', amounts })));
  return made;
}
