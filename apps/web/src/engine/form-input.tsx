/** The input of one add/edit form field, chosen by its type and the definition's widget hint. */
import type { FieldDef } from '@payops/contracts/resource';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { enumOptions } from './filter-input.tsx';
import { RefSelect } from './lazy-ref-select.tsx';
import { isPercent, PercentInput } from './percent.tsx';

export function formInput(field: FieldDef, t: TFunction, disabled: boolean): ReactNode {
  const testId = `form-${field.name}`;
  const common = { disabled, 'data-testid': testId };
  const widget = field.form?.widget;
  switch (field.type) {
    case 'text':
    case 'json':
      return <Input.TextArea {...common} rows={field.type === 'json' ? 6 : 4} />;
    case 'ref':
      if (field.ref) return <RefSelect field={field} {...common} />;
      return <InputNumber {...common} precision={0} style={{ width: '100%' }} />;
    case 'number':
      return <InputNumber {...common} precision={0} style={{ width: '100%' }} />;
    case 'money':
      if (isPercent(field)) return <PercentInput {...common} />;
      // A string all the way: InputNumber would hand a float to the form.
      return <Input {...common} inputMode="decimal" />;
    case 'enum':
      return (
        <Select
          {...common}
          mode={field.many || widget === 'multiSelect' ? 'multiple' : undefined}
          placeholder={t('engine.placeholderSelect')}
          options={enumOptions(field, t)}
        />
      );
    case 'boolean':
      return <Switch {...common} />;
    case 'datetime':
      return <DatePicker {...common} showTime style={{ width: '100%' }} />;
    case 'date':
      return <DatePicker {...common} style={{ width: '100%' }} />;
    default:
      if (widget === 'password') return <Input.Password {...common} autoComplete="new-password" />;
      if (widget === 'textarea') return <Input.TextArea {...common} rows={4} />;
      return <Input {...common} />;
  }
}
