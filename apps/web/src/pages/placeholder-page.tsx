/** The generic page the spec uses for pages whose module has not landed (addrPoolFlowList, addrPool…). */
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../app/page-registry.tsx';

export function PlaceholderPage({ path, titleKey }: PageProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={<span data-testid="placeholder-title">{t(titleKey)}</span>}
      subTitle={t('pages.placeholderText')}
      extra={<code>{path}</code>}
      data-testid="placeholder-page"
    />
  );
}
