/** /404 and /401 (spec §2 fixed routes). */
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function StatusPage({ status }: { status: 404 | 403 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status === 404 ? '404' : '401'}
      subTitle={t(status === 404 ? 'pages.notFoundText' : 'pages.unauthorizedText')}
      data-testid={status === 404 ? 'not-found-page' : 'unauthorized-page'}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
