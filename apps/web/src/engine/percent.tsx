/**
 * Rates (`display: 'percent'` in a definition) are fractions on the wire ('0.012') and percentages on
 * screen (1.2%): the cell text and the form input convert on the digits (contracts' percent.ts), never
 * through a float.
 */
import { fractionToPercent, percentToFraction } from '@payops/contracts/percent';
import type { FieldDef } from '@payops/contracts/resource';
import Input from 'antd/es/input/Input';
import { useState } from 'react';

export function isPercent(field: FieldDef): boolean {
  return field.display === 'percent';
}

/** '0.012' -> '1.2%'; what is not a decimal is shown as it came. */
export function percentText(value: unknown): string {
  const text = String(value);
  const percent = fractionToPercent(text);
  return percent === null ? text : `${percent}%`;
}

interface PercentInputProps {
  /** The fraction as the form holds it ('0.012'). */
  value?: string | null;
  onChange?: (fraction: string) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * The operator types the percentage (1.2); the form receives the fraction ('0.012'). Text that is not
 * a number is passed on as typed, so the field's rules name the mistake.
 */
export function PercentInput({ value, onChange, disabled, 'data-testid': testId }: PercentInputProps) {
  const fromValue = (v: string | null | undefined) => (v ? (fractionToPercent(v) ?? v) : '');
  const [text, setText] = useState(() => fromValue(value));
  // A value set from outside (the form reset, an edit opened) replaces what was typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((value ?? '') !== (percentToFraction(text) ?? text)) setText(fromValue(value));
  }
  return (
    <Input
      value={text}
      disabled={disabled}
      inputMode="decimal"
      suffix="%"
      data-testid={testId}
      onChange={(e) => {
        const typed = e.target.value;
        setText(typed);
        const fraction = typed.trim() === '' ? '' : (percentToFraction(typed) ?? typed);
        setSeen(fraction);
        onChange?.(fraction);
      }}
    />
  );
}
