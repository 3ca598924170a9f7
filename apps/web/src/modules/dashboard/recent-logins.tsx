/** The operator's last sign-ins. Times arrive in UTC and are shown in the browser's zone. */
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/datetime.ts';
import type { RecentLogin } from '../../lib/server-types.ts';

export function RecentLogins({ logins }: { logins: RecentLogin[] }) {
  const { t } = useTranslation();
  return (
    <Table<RecentLogin>
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={logins}
      data-testid="dashboard-logins"
      columns={[
        {
          title: t('dashboard.at'),
          dataIndex: 'at',
          render: (at: string) => formatDateTime(at),
        },
        { title: t('dashboard.ip'), dataIndex: 'ip' },
        {
          title: t('dashboard.result'),
          dataIndex: 'result',
          render: (result: RecentLogin['result']) => (
            <Tag color={result === 'success' ? 'green' : 'red'}>{t(`dashboard.${result}`)}</Tag>
          ),
        },
        {
          title: t('dashboard.factor'),
          dataIndex: 'factor',
          render: (factor: RecentLogin['factor']) =>
            t(factor === 'password+totp' ? 'dashboard.factorTotp' : 'dashboard.factorPassword'),
        },
      ]}
    />
  );
}
