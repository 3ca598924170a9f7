/** The password policy as the operator sees it (the server's check is the one that counts). */
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

export const PASSWORD_POLICY = /^(?=.*[A-Za-z])(?=.*\d).{8,16}$/;

export function passwordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('sysPage.passwordRule') },
    { pattern: PASSWORD_POLICY, message: t('sysPage.passwordRule') },
  ];
}
