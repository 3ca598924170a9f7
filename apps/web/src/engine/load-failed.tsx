/** The list's error view (the first load failed), loaded only when a list fails. */
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

export default function LoadFailed({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('engine.loadFailed')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="retry">
          {t('engine.retry')}
        </Button>
      }
    />
  );
}
