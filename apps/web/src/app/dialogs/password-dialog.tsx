/**
 * Change one's own password (spec §4, §5): form (with the policy checked here, and the new password
 * typed twice), then the code check when the grant needs it, then the encrypted submit, "password
 * changed", and a forced sign-out 2 s later. `forced`: an administrator chose the password, so the
 * dialog cannot be closed (the server refuses everything else until it is changed).
 */
import { Permission } from '@payops/contracts/permissions';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { promptCode } from '../../lib/code-prompt.ts';
import { DraggableModal } from '../../lib/draggable-modal.tsx';
import { holdCode } from '../../lib/held-code.ts';
import { encryptPasswords } from '../../lib/password.ts';
import {
  confirmRules,
  passwordPolicyText,
  passwordRules,
  usePasswordPolicy,
} from '../../lib/password-policy.ts';
import { useCurrentUser } from '../../lib/queries.ts';
import { permissionNeedsCode } from '../../lib/resources-store.ts';
import { goToLogin } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

const PATH = '/api/sys/user/updatePassword';

interface PasswordForm {
  originalPassWord: string;
  passWord: string;
  confirm: string;
}

export function PasswordDialog({
  open,
  onClose,
  forced = false,
}: {
  open: boolean;
  onClose: () => void;
  forced?: boolean;
}) {
  const { t } = useTranslation();

  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const policy = usePasswordPolicy();
  // The server asks a code of an operator who has bound an authenticator, where the permission says
  // so: an unbound one (a new operator's first sign-in) is not asked for a code they cannot have.
  const { data: user } = useCurrentUser();
  const bound = user?.googleAuthStatusData === 1;

  const submit = async () => {
    let values: PasswordForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields say what is wrong.
    }
    const { originalPassWord, passWord } = values;
    if (bound && permissionNeedsCode(Permission.updatePassword)) {
      const code = await promptCode({ path: PATH });
      if (code === null) return;
      holdCode(code);
    }
    setBusy(true);
    try {
      await api(PATH, {
        method: 'POST',
        // Encrypted at each send: a retry after a wrong code needs a fresh nonce.
        bodyFactory: () => encryptPasswords({ originalPassWord, passWord }),
      });
      toast.success(t('password.changed'), 2);
      onClose();
      setTimeout(goToLogin, 2000);
    } catch {
      // The client showed the error; the form stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DraggableModal
      open={open}
      title={t(forced ? 'password.firstTitle' : 'password.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      closable={!forced}
      keyboard={!forced}
      mask={forced ? { closable: false } : undefined}
      destroyOnHidden
      data-testid={forced ? 'password-dialog-forced' : 'password-dialog'}
    >
      {forced && (
        <Alert
          type="info"
          showIcon
          title={t('password.firstText')}
          style={{ marginBottom: 16 }}
          data-testid="password-forced-notice"
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="originalPassWord"
          label={t('password.original')}
          rules={[{ required: true, message: t('password.originalRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-original" />
        </Form.Item>
        <Form.Item
          name="passWord"
          label={t('password.next')}
          rules={passwordRules(t, policy)}
          extra={<Typography.Text type="secondary">{passwordPolicyText(t, policy)}</Typography.Text>}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['passWord']}
          rules={confirmRules(t, 'passWord')}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
