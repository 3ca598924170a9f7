/**
 * Resetting another operator's password: typed once, sent RSA-OAEP encrypted with a fresh public key
 * and nonce (the factory runs again if api() resends after an authenticator code).
 */
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { encryptPasswords } from '../../lib/password.ts';
import { passwordPolicyText, passwordRules, usePasswordPolicy } from '../../lib/password-policy.ts';
import { toast } from '../../lib/toast.ts';

export function UserPasswordDialog({ row, path, onClose }: { row: Row; path: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const policy = usePasswordPolicy();

  const submit = async () => {
    const { password } = await form.validateFields();
    await api(path, {
      method: 'POST',
      bodyFactory: async () => ({ id: row.id, ...(await encryptPasswords({ password })) }),
    });
    toast.success(t('sysPage.passwordReset'));
    onClose();
  };

  return (
    <ActionDialog
      title={`${t('action.user.resetPassword')} · ${String(row.username)}`}
      onClose={onClose}
      onSubmit={submit}
      testId="password-submit"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="password"
          label={t('sysPage.newPassword')}
          extra={passwordPolicyText(t, policy)}
          rules={passwordRules(t, policy)}
        >
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
