import { currencyAmountSchema } from '@payops/contracts/amount-schema';
import { describe, expect, it } from 'vitest';
import { moneyRule } from './money-rule.ts';

const message = (key: string) => key;

/** What the web form says about a value: null when it passes. */
async function webVerdict(value: string, currency: string): Promise<string | null> {
  const rule = moneyRule({}, currency, '金额', message) as {
    validator: (r: unknown, v: unknown) => Promise<void>;
  };
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('the money form rule', () => {
  const samples = [
    '10',
    '10.05',
    '10.005',
    '10.50000',
    '0.12345678',
    '0.123456789',
    '-3.2',
    '1e5',
    '99999999999999999999.99',
    '100000000000000000000',
    'abc',
  ];

  it('accepts and refuses exactly what the server edge does, per currency', async () => {
    for (const currency of ['CNY', 'USDT', 'PTS']) {
      const server = currencyAmountSchema(currency, 'any');
      for (const value of samples) {
        const web = await webVerdict(value, currency);
        expect(web === null, `${currency} ${value}: web ${web}`).toBe(server.safeParse(value).success);
      }
    }
  });

  it('names the decimals the currency allows, in the operator’s language', async () => {
    expect(await webVerdict('10.005', 'CNY')).toBe('金额最多2位小数');
    expect(await webVerdict('1.5', 'PTS')).toBe('金额须为整数');
  });
});
