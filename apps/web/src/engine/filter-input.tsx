/** The input of one search field, chosen by its filter operator and type (refine's vocabulary). */
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import type { FieldDef } from '@payops/contracts/resource';
import type { RangePickerProps } from 'antd/es/date-picker';
import Input from 'antd/es/input/Input';
import type { InputNumberProps } from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { RefSelect } from './lazy-ref-select.tsx';

type Pair = [unknown, unknown];

// antd's date pickers are the largest input of all (some 32 KB gzip): loaded on the first use of a
// date filter, not with the page (like lib/lazy-dropdown.tsx). Until then a box of the same size
// and text stands in; the first click or focus loads the picker and opens it.
const loadDateRange = () =>
  import('./date-range-input.tsx').then((m) => {
    dateRangeLoaded = true;
    return m;
  });
const DateRangeInput = lazy(loadDateRange);
let dateRangeLoaded = false;

function DateRangeFilter(props: RangePickerProps) {
  // Armed at once when the code is already here (another page used it) or a value is to be shown.
  const [armed, setArmed] = useState(() => dateRangeLoaded || !!props.value);
  const [openOnLoad] = useState(() => !armed);
  const [from, to] = (props.placeholder as [string, string] | undefined) ?? ['', ''];
  const arm = () => setArmed(true);
  const standIn = (
    <Input
      readOnly
      style={props.style}
      placeholder={`${from} ~ ${to}`}
      suffix={<CalendarOutlined style={{ color: 'var(--ant-color-text-quaternary, rgba(0, 0, 0, 0.25))' }} />}
      onMouseEnter={() => void loadDateRange()}
      onMouseDown={arm}
      onFocus={arm}
    />
  );
  if (!armed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DateRangeInput {...props} {...(openOnLoad ? { autoFocus: true, defaultOpen: true } : {})} />
    </Suspense>
  );
}

// antd's InputNumber (some 9 KB gzip) is loaded when a number filter is first pointed at or focused;
// until it is here, a plain text box takes the typing, and the form gets the text (filter-values.ts
// turns a numeric text into a number, as it would the picker's number).
type InputNumberComponent = typeof import('antd/es/input-number').default;
let LoadedInputNumber: InputNumberComponent | undefined;
let inputNumberLoading: Promise<unknown> | undefined;
const loadInputNumber = () =>
  (inputNumberLoading ??= import('antd/es/input-number').then((m) => {
    LoadedInputNumber = m.default;
  }));

function NumberInput(props: InputNumberProps & { 'data-testid'?: string }) {
  const [, setLoaded] = useState(!!LoadedInputNumber);
  const [focused, setFocused] = useState(false);
  if (LoadedInputNumber) {
    // Focus follows the swap, so typing goes on in the real input.
    return <LoadedInputNumber {...props} autoFocus={focused || props.autoFocus} />;
  }
  const load = () => void loadInputNumber().then(() => setLoaded(true));
  return (
    <Input
      id={props.id}
      style={props.style}
      placeholder={props.placeholder}
      value={props.value === null || props.value === undefined ? '' : String(props.value)}
      onChange={(e) => (props.onChange as ((v: unknown) => void) | undefined)?.(e.target.value)}
      onMouseEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      data-testid={props['data-testid']}
    />
  );
}

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
      <NumberInput
        {...common}
        placeholder={t('engine.min')}
        value={from as number | string | null}
        onChange={(v) => onChange?.([v, to])}
      />
      <NumberInput
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
  // Another resource's values (a finance tag's code): its searchable select.
  if (field.choices) return <RefSelect field={{ ...field, ref: field.choices }} data-testid={testId} />;
  switch (field.filter) {
    case 'between':
      if (field.type === 'datetime' || field.type === 'date') {
        return (
          <DateRangeFilter
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
      if (field.type === 'ref' && field.ref) return <RefSelect field={field} data-testid={testId} />;
      if (field.type === 'number' || field.type === 'ref') {
        return (
          <NumberInput style={{ width: '100%' }} placeholder={label} controls={false} data-testid={testId} />
        );
      }
      return <Input allowClear placeholder={label} data-testid={testId} />;
    default:
      return <Input allowClear placeholder={label} data-testid={testId} />;
  }
}
