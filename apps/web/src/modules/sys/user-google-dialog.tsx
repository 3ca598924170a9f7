/**
 * Binding an operator's authenticator for them: the QR of a new pending secret (GET
 * /api/getDataGoogleQR, an image fetched through api() as a blob so errors and the code prompt work
 * as everywhere), then the code their app shows confirms the binding.
 */
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import type { Row } from '../../engine/types.ts';
import { useBlobUrl } from '../../engine/use-blob-url.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

export function UserGoogleDialog({
  row,
  path,
  onClose,
  onSaved,
}: {
  row: Row;
  path: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const userId = Number(row.id);
  const qr = useBlobUrl(userId, () =>
    api<Blob>('/api/getDataGoogleQR', { params: { userId }, responseType: 'blob' }),
  );

  const submit = async () => {
    const { code } = await form.validateFields();
    await api(path, { method: 'POST', body: { userId, code: code.trim() } });
    toast.success(t('sysPage.bindDone'));
    onSaved();
  };

  return (
    <ActionDialog
      title={t('sysPage.bindTitle', { name: String(row.username) })}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={!qr.url}
      testId="google-submit"
    >
      <Typography.Paragraph>{t('sysPage.bindScan')}</Typography.Paragraph>
      <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 200 }}>
        {qr.url ? (
          <img src={qr.url} alt="QR" width={200} height={200} data-testid="user-qr" />
        ) : qr.failed ? (
          <Typography.Text type="danger">{t('sysPage.qrFailed')}</Typography.Text>
        ) : (
          <Spin />
        )}
      </div>
      <Form form={form} layout="vertical">
        <Form.Item
          name="code"
          label={t('sysPage.bindCode')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('sysPage.codeRequired') }]}
        >
          <Input inputMode="numeric" maxLength={6} autoComplete="off" data-testid="google-code" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
