import { bilingual, defineResource } from '@payops/contracts/resource';
import { describe, expect, it } from 'vitest';
import { changedValues, formFields, heldMasked, toFormValues } from './form-values.ts';

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
