/**
 * The before/after of an audited change, field by field with the changed ones highlighted; anything
 * else the audit note carried (an export's filters, a switch's name) is listed under it as JSON.
 */
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { type DiffRow, diffRows, isRecord } from '../../engine/change-rows.ts';

export function ChangeDiff({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  if (!isRecord(detail)) return <Empty description={t('sysPage.noDetail')} />;
  const { before, after, ...extra } = detail;
  const rows = diffRows(before, after);
  const changedStyle = { background: 'var(--ant-color-warning-bg, #fffbe6)' };
  return (
    <div data-testid="change-diff" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {rows.length > 0 ? (
        <Table<DiffRow>
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={rows}
          onRow={(r) => ({ style: r.changed ? changedStyle : undefined })}
          columns={[
            { title: t('sysPage.diffField'), dataIndex: 'field', width: 160 },
            {
              title: t('sysPage.before'),
              dataIndex: 'before',
              width: '40%',
              render: (v: string) => <code>{v}</code>,
            },
            {
              title: t('sysPage.after'),
              dataIndex: 'after',
              width: '40%',
              render: (v: string) => <code>{v}</code>,
            },
          ]}
        />
      ) : (
        <Empty description={t('sysPage.noDetail')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {Object.keys(extra).length > 0 && (
        <div>
          <Typography.Title level={5}>{t('sysPage.extra')}</Typography.Title>
          <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(extra, null, 2)}</pre>
        </div>
      )}
    </div>
  );
}
