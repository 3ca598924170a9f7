/** truncateMoney: the amount as the screen and the exported files show it. */
import { describe, expect, it } from 'vitest';
import { truncateMoney } from './decimal.ts';

describe('truncateMoney', () => {
  it('truncates, never rounds', () => {
    expect(truncateMoney('12.349')).toBe('12.34');
    expect(truncateMoney('0.999')).toBe('0.99');
    expect(truncateMoney('99999999999999999.999')).toBe('99999999999999999.99');
  });
  it('pads to two decimals', () => {
    expect(truncateMoney('12')).toBe('12.00');
    expect(truncateMoney('12.3')).toBe('12.30');
    expect(truncateMoney('.5')).toBe('0.50');
    expect(truncateMoney('007.10')).toBe('7.10');
  });
  it('keeps the sign of negative amounts, but never shows a negative zero', () => {
    expect(truncateMoney('-12.349')).toBe('-12.34');
    expect(truncateMoney('-0.005')).toBe('0.00');
    expect(truncateMoney('-0')).toBe('0.00');
    expect(truncateMoney('+3.456')).toBe('3.45');
  });
  it('accepts numbers and thousands separators', () => {
    expect(truncateMoney(12.349)).toBe('12.34');
    expect(truncateMoney(1e-7)).toBe('0.00');
    expect(truncateMoney('1,234.567')).toBe('1234.56');
  });
  it('leaves empty and non-numeric values alone', () => {
    expect(truncateMoney(null)).toBe('');
    expect(truncateMoney(undefined)).toBe('');
    expect(truncateMoney('')).toBe('');
    expect(truncateMoney('abc')).toBe('abc');
    expect(truncateMoney('-')).toBe('-');
  });
});
