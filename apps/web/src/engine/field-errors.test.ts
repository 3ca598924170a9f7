import type { FormInstance } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { placeFieldErrors } from './field-errors.ts';

function fakeForm() {
  const set: { name: string; errors: string[] }[] = [];
  const form = { setFields: (fields: typeof set) => set.push(...fields) } as unknown as FormInstance;
  return { form, set };
}

describe("a refusal's field reasons go under the dialog's inputs", () => {
  it('places the reasons of the fields the form has, and says so', () => {
    const { form, set } = fakeForm();
    const error = new ApiError(400, '请求参数有误: amount 余额不足', {
      fields: [{ field: 'amount', message: '余额不足' }],
    });
    expect(placeFieldErrors(form, ['type', 'amount'], error)).toBe(true);
    expect(set).toEqual([{ name: 'amount', errors: ['余额不足'] }]);
  });

  it('places nothing for a refusal without fields or of fields the form lacks', () => {
    const { form, set } = fakeForm();
    expect(placeFieldErrors(form, ['amount'], new ApiError(409, 'no longer pending', null))).toBe(false);
    const other = new ApiError(400, 'x', { fields: [{ field: 'id', message: 'unknown' }] });
    expect(placeFieldErrors(form, ['amount'], other)).toBe(false);
    expect(set).toEqual([]);
  });
});
