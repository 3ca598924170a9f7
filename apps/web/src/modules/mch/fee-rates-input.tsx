/**
 * A merchant's rates per pay type and direction (`feeRates`, a JSON list on the wire) edited as rows
 * of pay type, direction and a percentage: the operator types 1.2, the list holds '0.012'
 * (engine/percent.tsx). The server checks the list (merchant.service.ts) and names the field if wrong.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { bilingual } from '@payops/contracts/resource';
import { DIRECTION_LABELS, PAY_TYPE_LABELS } from '@payops/contracts/resources/mch/common';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PercentInput } from '../../engine/percent.tsx';
import { addLabels } from '../../engine/resource-labels.ts';

interface FeeRate {
  payType: string;
  direction: string;
  rate: string;
}

const labels = bilingual({
  'feeRates.add': ['添加费率', 'Add a rate'],
  'feeRates.remove': ['删除此费率', 'Remove this rate'],
  'feeRates.payType': ['支付方式', 'Pay type'],
  'feeRates.direction': ['方向', 'Direction'],
});

/** The form holds the list as the edit opened it (JSON text) until the operator changes it. */
function rowsOf(value: unknown): FeeRate[] {
  if (Array.isArray(value)) return value as FeeRate[];
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as FeeRate[]) : [];
  } catch {
    return [];
  }
}

function optionsOf(pairs: Record<string, readonly [string, string]>, english: boolean) {
  return Object.entries(pairs).map(([value, [zh, en]]) => ({ value, label: english ? en : zh }));
}

export function FeeRatesInput({
  value,
  onChange,
  disabled,
}: {
  value?: unknown;
  onChange?: (rows: FeeRate[]) => void;
  disabled?: boolean;
}) {
  useState(() => addLabels('@fee-rates', labels));
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  const rows = rowsOf(value);
  const change = (i: number, patch: Partial<FeeRate>) =>
    onChange?.(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const used = new Set(rows.map((r) => `${r.payType}/${r.direction}`));
  const next = (): FeeRate => {
    for (const payType of Object.keys(PAY_TYPE_LABELS))
      for (const direction of Object.keys(DIRECTION_LABELS))
        if (!used.has(`${payType}/${direction}`)) return { payType, direction, rate: '' };
    return { payType: 'bank_card', direction: 'deposit', rate: '' };
  };
  return (
    <div data-testid="fee-rates">
      {rows.map((row, i) => (
        // Rows have no id of their own; a removed row's successors are re-keyed and re-read their values.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space.Compact key={i} block style={{ marginBottom: 8 }} data-testid={`fee-rate-${i}`}>
          <Select
            value={row.payType}
            disabled={disabled}
            aria-label={t('feeRates.payType')}
            options={optionsOf(PAY_TYPE_LABELS, english)}
            onChange={(payType) => change(i, { payType })}
            style={{ width: '42%' }}
          />
          <Select
            value={row.direction}
            disabled={disabled}
            aria-label={t('feeRates.direction')}
            options={optionsOf(DIRECTION_LABELS, english)}
            onChange={(direction) => change(i, { direction })}
            style={{ width: '26%' }}
          />
          <div style={{ width: '32%' }}>
            <PercentInput
              value={row.rate}
              disabled={disabled}
              onChange={(rate) => change(i, { rate })}
              data-testid={`fee-rate-${i}-rate`}
            />
          </div>
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled}
            title={t('feeRates.remove')}
            aria-label={t('feeRates.remove')}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...rows, next()])}
        data-testid="fee-rates-add"
      >
        {t('feeRates.add')}
      </Button>
    </div>
  );
}
