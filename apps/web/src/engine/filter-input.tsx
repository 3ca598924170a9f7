/** The input of one search field, chosen by its filter operator and type (refine's vocabulary). */
import type { FieldDef } from '@payops/contracts/resource';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

type Pair = [unknown, unknown];

/** Two inputs for a numeric or amount range; the value is [from, to] like the range picker's. */
function NumberRange({
  value,
  onChange,
  money,
  t,
  testId,
}: {
  value?: Pair;
  onChange?: (value: Pair) => void;
  money: boolean;
  t: TFunction;
  testId: string;
}) {
  const [from, to] = value ?? [null, null];
  // Amounts stay strings (no float may hold one); stringMode keeps InputNumber's text exact.
  const common = { style: { width: '50%' }, stringMode: money, controls: false } as const;
  return (
    <Space.Compact style={{ width: '100%' }} data-testid={testId}>
      <InputNumber
        {...common}
        placeholder={t('engine.min')}
        value={from as number | string | null}
        onChange={(v) => onChange?.([v, to])}
      />
      <InputNumber
        {...common}
        placeholder={t('engine.max')}
        value={to as number | string | null}
        onChange={(v) => onChange?.([from, v])}
      />
    </Space.Compact>
  );
}

export function enumOptions(field: FieldDef, t: TFunction) {
  return field.options.map((o) => ({ value: o.value, label: t(o.label) }));
}

export function booleanOptions(t: TFunction) {
  return [
    { value: 'true', label: t('engine.yes') },
    { value: 'false', label: t('engine.no') },
  ];
}

export function filterInput(field: FieldDef, t: TFunction): ReactNode {
  const testId = `filter-${field.name}`;
  const label = t(field.label);
  const select = t('engine.placeholderSelect');
  switch (field.filter) {
    case 'between':
      if (field.type === 'datetime' || field.type === 'date') {
        return (
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            placeholder={[t('engine.from'), t('engine.to')]}
            allowEmpty={[true, true]}
            data-testid={testId}
          />
        );
      }
      return <NumberRange money={field.type === 'money'} t={t} testId={testId} />;
    case 'in':
      return (
        <Select
          mode={field.type === 'enum' ? 'multiple' : 'tags'}
          allowClear
          placeholder={select}
          options={field.type === 'enum' ? enumOptions(field, t) : []}
          maxTagCount="responsive"
          data-testid={testId}
        />
      );
    case 'eq':
      if (field.type === 'enum') {
        return (
          <Select allowClear placeholder={select} options={enumOptions(field, t)} data-testid={testId} />
        );
      }
      if (field.type === 'boolean') {
        return <Select allowClear placeholder={select} options={booleanOptions(t)} data-testid={testId} />;
      }
      if (field.type === 'number' || field.type === 'ref') {
        return (
          <InputNumber style={{ width: '100%' }} placeholder={label} controls={false} data-testid={testId} />
        );
      }
      return <Input allowClear placeholder={label} data-testid={testId} />;
    default:
      return <Input allowClear placeholder={label} data-testid={testId} />;
  }
}
