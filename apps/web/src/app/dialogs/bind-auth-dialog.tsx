/**
 * Binding the authenticator of the built-in admin (spec §6): the QR of the pending secret, and the
 * same secret as text for an app that cannot scan; then the code it generates confirms the binding.
 */
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { DraggableModal } from '../../lib/draggable-modal.tsx';
import { fetchCurrentUser, loadShellData } from '../../lib/queries.ts';
import { useShellLabels } from '../../lib/shell-labels.ts';
import { toast } from '../../lib/toast.ts';

interface BindForm {
  googleCode: string;
}

export function BindAuthDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useShellLabels();
  const { t } = useTranslation();
  const [form] = Form.useForm<BindForm>();
  const [qr, setQr] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let url: string | null = null;
    let cancelled = false;
    setFailed(false);
    api<Blob>('/api/getGoogleQR', { responseType: 'blob' })
      .then(async (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setQr(url);
        // Answered only while this secret waits for its first code.
        const answer = await api<{ secret: string }>('/api/getGoogleSecret');
        if (!cancelled) setSecret(answer.secret);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setQr(null);
      setSecret(null);
    };
  }, [open]);

  const submit = async () => {
    let googleCode: string;
    try {
      ({ googleCode } = await form.validateFields());
    } catch {
      return; // The field says what is wrong.
    }
    setBusy(true);
    try {
      await api('/api/bindGoogle', {
        method: 'POST',
        body: { googleCode: googleCode.trim() },
        codeDialog: false,
      });
      toast.success(t('bind.success'));
      await loadShellData('current', fetchCurrentUser);
      onClose();
    } catch {
      // Shown by the client; the operator can type the next code.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DraggableModal
      open={open}
      title={t('bind.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'bind-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('bind.scan')}</Typography.Paragraph>
      <div style={{ display: 'flex', justifyContent: 'center', minHeight: 200, alignItems: 'center' }}>
        {qr ? (
          <img src={qr} alt="QR" width={200} height={200} data-testid="bind-qr" />
        ) : failed ? (
          <Typography.Text type="danger">{t('bind.qrFailed')}</Typography.Text>
        ) : (
          <Spin />
        )}
      </div>
      {secret && (
        <Typography.Paragraph style={{ textAlign: 'center' }} data-testid="bind-secret-row">
          <Typography.Text type="secondary">{t('bind.manual')}</Typography.Text>
          <br />
          <Typography.Text code copyable={{ text: secret }} data-testid="bind-secret">
            {secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </Typography.Text>
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="googleCode"
          label={t('code.label')}
          rules={[
            { required: true, message: t('code.required') },
            { pattern: /^\d+$/, message: t('code.digits') },
          ]}
        >
          <Input inputMode="numeric" maxLength={8} autoComplete="one-time-code" data-testid="bind-code" />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
