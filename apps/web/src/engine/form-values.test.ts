import { bilingual, defineResource } from '@payops/contracts/resource';
import { describe, expect, it } from 'vitest';
import { changedValues, formFields, heldMasked, toBody, toFormValues } from './form-values.ts';

const def = defineResource({
  name: 'masked',
  group: 'mch',
  api: '/api/mch/masked',
  fields: {
    id: { type: 'number', list: true },
    phone: { type: 'string', mask: 'phone', form: { pattern: '\\+?[0-9 -]{5,20}' } },
    name: { type: 'string', form: { required: true } },
  },
  actions: ['list', 'edit'],
  labels: bilingual({}),
});

describe('edit form of a masked field', () => {
  const row = { id: 1, phone: '199****9484', name: 'Acme' };
  const fields = formFields(def, 'edit');

  it('starts the masked field empty, so its pattern never judges the masked text', () => {
    expect(heldMasked(def.fields.phone, row)).toBe('199****9484');
    expect(toFormValues(fields, row)).toEqual({ name: 'Acme' });
  });

  it('sends nothing for it when left empty, and the new value when typed', () => {
    const initial = toFormValues(fields, row);
    expect(changedValues({ name: 'Acme', phone: undefined }, initial)).toEqual({});
    expect(changedValues({ name: 'Acme', phone: '13800001111' }, initial)).toEqual({ phone: '13800001111' });
  });

  it('prefills a field shown in clear (an unmasked session)', () => {
    const clear = { ...row, phone: '19912349484' };
    expect(heldMasked(def.fields.phone, clear)).toBeNull();
    expect(toFormValues(fields, clear)).toEqual({ name: 'Acme', phone: '19912349484' });
  });
});

describe('a many-valued enum', () => {
  const rule = defineResource({
    name: 'rule',
    group: 'tradeManage',
    api: '/api/trade/ruleX',
    fields: {
      id: { type: 'number', list: true },
      payTypes: {
        type: 'enum',
        many: true,
        options: [{ value: 'bank_card' }, { value: 'alipay' }, { value: 'wechat' }],
        form: { required: true },
      },
    },
    actions: ['list', 'add', 'edit'],
    labels: bilingual({}),
  });
  const fields = formFields(rule, 'edit');
  const row = { id: 7, payTypes: 'bank_card,wechat' };

  it('starts the select with the stored options and sends them back comma-separated', () => {
    expect(toFormValues(fields, row)).toEqual({ payTypes: ['bank_card', 'wechat'] });
    const mode = { kind: 'edit' as const, row };
    expect(toBody(rule, fields, { payTypes: ['alipay', 'bank_card'] }, mode)).toEqual({
      id: 7,
      payTypes: 'alipay,bank_card',
    });
  });

  it("sends nothing for an emptied required select (the form's rule asks for one)", () => {
    expect(toBody(rule, fields, { payTypes: [] }, { kind: 'edit', row })).toEqual({ id: 7 });
  });
});

describe('an amount in the edit form', () => {
  const def2 = defineResource({
    name: 'limits',
    group: 'tradeManage',
    api: '/api/trade/limitsX',
    fields: {
      id: { type: 'number', list: true },
      minAmount: { type: 'money', currency: 'USDT', form: { required: true } },
      rate: { type: 'money', display: 'percent', form: true },
    },
    actions: ['list', 'edit'],
    labels: bilingual({}),
  });
  it('starts without the stored trailing zeros; a rate is left to its percent input', () => {
    const fields = formFields(def2, 'edit');
    expect(toFormValues(fields, { id: 1, minAmount: '10.00000000', rate: '0.01200000' })).toEqual({
      minAmount: '10',
      rate: '0.01200000',
    });
    expect(toFormValues(fields, { id: 1, minAmount: '2500.50000000' }).minAmount).toBe('2500.5');
    expect(toFormValues(fields, { id: 1, minAmount: '100' }).minAmount).toBe('100');
  });
});
