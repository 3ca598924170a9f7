/**
 * Change one's own password (spec §4, §5): form, then the code check when the grant needs it, then the
 * encrypted submit, "password changed", and a forced sign-out 2 s later.
 */
import { Permission } from '@payops/contracts/permissions';
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
import { permissionNeedsCode } from '../../lib/resources-store.ts';
import { goToLogin } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

interface PasswordForm {
  originalPassWord: string;
  passWord: string;
}

export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    if (permissionNeedsCode(Permission.updatePassword)) {
      const code = await promptCode();
      if (code === null) return;
      holdCode(code);
    }
    setBusy(true);
    try {
      await api('/api/sys/user/updatePassword', {
        method: 'POST',
        // Encrypted at each send: a retry after a wrong code needs a fresh nonce.
        bodyFactory: () => encryptPasswords(values),
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
      title={t('password.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      destroyOnHidden
    >
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
          rules={[{ required: true, message: t('password.nextRequired') }]}
          extra={<Typography.Text type="secondary">{t('password.hint')}</Typography.Text>}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
