/** The signing secret, shown once after creation or reset; closing it is the last chance to copy. */
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { DraggableModal } from '../../lib/draggable-modal.tsx';

export function SecretDialog({
  mchNo,
  secret,
  onClose,
}: {
  mchNo: string;
  secret: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DraggableModal
      open
      title={t('mchPage.secretTitle', { mchNo })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Alert type="warning" showIcon message={t('mchPage.secretOnce')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph code data-testid="sign-secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Typography.Paragraph>
      <Button onClick={() => void copyText(secret)} data-testid="copy-secret">
        {t('mchPage.copy')}
      </Button>
    </DraggableModal>
  );
}
