/**
 * The editor and rules of one typed back-office setting (contracts' BACK_SETTINGS): a switch, a
 * bounded whole number, an amount kept as a decimal string, a list of names, or a group of switches.
 * The rules mirror settingValueSchema, which the server applies again.
 */
import { DECIMAL_PATTERN } from '@payops/contracts/resource-schemas';
import type { SettingDef } from '@payops/contracts/resources/sys/sys-back-config';
import type { Rule } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

export function settingRules(setting: SettingDef, t: TFunction): Rule[] {
  const label = t(`setting.${setting.key}`);
  const rule = (key: string, extra: Record<string, unknown> = {}) =>
    t(`engine.rule.${key}`, { label, ...extra });
  switch (setting.type) {
    case 'number': {
      const min = setting.min ?? 0;
      const max = setting.max ?? Number.MAX_SAFE_INTEGER;
      return [
        { required: true, message: rule('required') },
        { type: 'integer', message: rule('integer') },
        { type: 'number', min, message: rule('minValue', { min }) },
        { type: 'number', max, message: rule('maxValue', { max }) },
      ];
    }
    case 'money':
      return [
        { required: true, whitespace: true, message: rule('required') },
        { pattern: DECIMAL_PATTERN, message: rule('decimal') },
        {
          validator: async (_, v: unknown) => {
            if (typeof v === 'string' && v.trim().startsWith('-'))
              throw new Error(rule('minValue', { min: 0 }));
          },
        },
      ];
    case 'stringList': {
      const max = setting.max ?? 100;
      return [
        {
          validator: async (_, v: string[] = []) => {
            if (v.length > max) throw new Error(rule('maxValue', { max }));
            if (v.some((s) => s.trim().length === 0 || s.length > 64)) throw new Error(rule('pattern'));
          },
        },
      ];
    }
    default:
      return [];
  }
}

/**
 * The editor of a setting's value. Form.Item gives its child the value and its change handler
 * (`value`/`checked`, `onChange`): they are handed on to the input, or what the operator types would
 * never reach the form (the edit would save the value it opened with).
 */
export function SettingInput({
  setting,
  ...control
}: {
  setting: SettingDef;
  // What Form.Item injects (value or checked, onChange): typed by each input, not here.
  [injected: string]: unknown;
}): ReactNode {
  const passed = control as object;
  switch (setting.type) {
    case 'boolean':
      return <Switch data-testid="setting-boolean" {...passed} />;
    case 'number':
      return (
        <InputNumber
          min={setting.min}
          max={setting.max}
          precision={0}
          style={{ width: '100%' }}
          data-testid="setting-number"
          {...passed}
        />
      );
    case 'money':
      return <Input inputMode="decimal" data-testid="setting-money" {...passed} />;
    case 'stringList':
      return (
        <Select
          mode="tags"
          open={false}
          tokenSeparators={[',', ' ']}
          data-testid="setting-list"
          {...passed}
        />
      );
    case 'switches':
      return null;
  }
}

/** A group of named switches, each its own form item under `value`. */
export function SwitchGroup({ setting }: { setting: SettingDef }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 8 }}>
      {(setting.switches ?? []).map((name) => (
        <Form.Item
          key={name}
          name={['value', name]}
          label={name}
          valuePropName="checked"
          style={{ margin: 0 }}
        >
          <Switch data-testid={`setting-switch-${name}`} />
        </Form.Item>
      ))}
    </div>
  );
}
