/**
 * Bulk import of pool addresses: a network and one address per line. Good lines are imported, bad
 * ones come back with their line number and reason and stay on screen to be corrected.
 */
import { addrPool, USDT_NETWORKS } from '@payops/contracts/resources/sys/addr-pool';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { api } from '../../lib/api.ts';

interface LineError {
  line: number;
  value: string;
  reason: 'format' | 'duplicate' | 'exists';
}
interface ImportAnswer {
  imported: number;
  errors: LineError[];
}

export function AddrImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ network: string; addresses: string }>();
  const [result, setResult] = useState<ImportAnswer | null>(null);

  const submit = async () => {
    const values = await form.validateFields();
    const answer = await api<ImportAnswer>(addrPool.actions.import!.path, { method: 'POST', body: values });
    setResult(answer);
    if (answer.imported > 0) onImported();
  };

  return (
    <ActionDialog
      width={720}
      title={t('sysPage.importTitle')}
      onClose={onClose}
      onSubmit={submit}
      testId="import-submit"
    >
      <Form form={form} layout="vertical" initialValues={{ network: USDT_NETWORKS[0] }}>
        <Form.Item name="network" label={t('field.addrPool.network')} rules={[{ required: true }]}>
          <Select
            options={USDT_NETWORKS.map((n) => ({ value: n, label: t(`enum.addrPool.network.${n}`) }))}
            data-testid="import-network"
          />
        </Form.Item>
        <Form.Item
          name="addresses"
          label={t('sysPage.importAddresses')}
          rules={[{ required: true, whitespace: true, message: t('sysPage.importRequired') }]}
        >
          <Input.TextArea rows={8} spellCheck={false} data-testid="import-addresses" />
        </Form.Item>
      </Form>
      {result && (
        <div data-testid="import-result" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Alert
            type={result.errors.length ? 'warning' : 'success'}
            title={t('sysPage.importResult', { imported: result.imported, failed: result.errors.length })}
          />
          {result.errors.length > 0 && (
            <Table<LineError>
              size="small"
              rowKey="line"
              pagination={false}
              scroll={{ y: 240 }}
              dataSource={result.errors}
              data-testid="import-errors"
              columns={[
                { title: t('sysPage.line'), dataIndex: 'line', width: 80 },
                { title: t('sysPage.value'), dataIndex: 'value', ellipsis: true },
                {
                  title: t('sysPage.reason'),
                  dataIndex: 'reason',
                  width: 200,
                  render: (r: LineError['reason']) => t(`sysPage.reasons.${r}`),
                },
              ]}
            />
          )}
        </div>
      )}
    </ActionDialog>
  );
}
