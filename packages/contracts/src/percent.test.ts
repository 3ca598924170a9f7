import { describe, expect, it } from 'vitest';
import { fractionToPercent, percentToFraction } from './percent.ts';

describe('percent <-> fraction, exact on the digits', () => {
  it.each([
    ['0.012', '1.2'],
    ['0.012000', '1.2'],
    ['0.0035', '0.35'],
    ['0', '0'],
    ['1', '100'],
    ['0.000001', '0.0001'],
    ['0.1', '10'],
    ['-0.05', '-5'],
  ])('%s is %s%%', (fraction, percent) => {
    expect(fractionToPercent(fraction)).toBe(percent);
  });

  it.each([
    ['1.2', '0.012'],
    ['0.35', '0.0035'],
    ['100', '1'],
    ['.5', '0.005'],
    ['0', '0'],
    ['0.0001', '0.000001'],
    ['12.', '0.12'],
    ['-0', '0'],
  ])('%s%% is %s', (percent, fraction) => {
    expect(percentToFraction(percent)).toBe(fraction);
  });

  it('refuses what is not a decimal', () => {
    for (const bad of ['', '.', '1e2', '1.2.3', 'abc', '1,2']) expect(percentToFraction(bad)).toBeNull();
  });

  it('round-trips every rate of 6 decimals it is given', () => {
    for (let i = 0; i <= 1_000_000; i += 997) {
      const fraction = (i / 1_000_000).toFixed(6);
      expect(percentToFraction(fractionToPercent(fraction)!)).toBe(fraction.replace(/\.?0+$/, '') || '0');
    }
  });
});
