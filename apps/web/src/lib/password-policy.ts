/**
 * The password policy as the operator types (the server's check is the one that counts, with the same
 * rule: PASSWORD_MIN_LENGTH..PASSWORD_MAX_LENGTH characters, letters and digits). Checking it here
 * means a retry does not cost a new authenticator code.
 */
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { api } from './api.ts';
import { useShellValue } from './queries.ts';
import { useShellLabels } from './shell-labels.ts';

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
}

/** The server's defaults, until its answer arrives. */
const FALLBACK: PasswordPolicy = { minLength: 8, maxLength: 16 };

export function usePasswordPolicy(): PasswordPolicy {
  useShellLabels();
  return useShellValue('passwordPolicy', () => api<PasswordPolicy>('/api/passwordPolicy')).data ?? FALLBACK;
}

export function passwordPolicyText(t: TFunction, policy: PasswordPolicy): string {
  return t('password.rule', { min: policy.minLength, max: policy.maxLength });
}

export function meetsPolicy(password: string, policy: PasswordPolicy): boolean {
  return (
    password.length >= policy.minLength &&
    password.length <= policy.maxLength &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

export function passwordRules(t: TFunction, policy: PasswordPolicy): Rule[] {
  const message = passwordPolicyText(t, policy);
  return [
    // Left empty: the spec's "please enter the new password"; the rule is the field's hint.
    { required: true, message: t('password.nextRequired') },
    {
      validator: async (_, value: unknown) => {
        if (typeof value === 'string' && value !== '' && !meetsPolicy(value, policy))
          throw new Error(message);
      },
    },
  ];
}

/** The "confirm new password" field: the same as the field `name`. */
export function confirmRules(t: TFunction, name: string): Rule[] {
  return [
    { required: true, message: t('password.confirmRequired') },
    (form: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: async (_: unknown, value: unknown) => {
        if (value && value !== form.getFieldValue(name)) throw new Error(t('password.confirmMismatch'));
      },
    }),
  ];
}
