/**
 * The reconciliation toolbar's two dialogs: upload a statement file, or fetch one from the upstream,
 * for a third party and business day. The server checks the whole file first and answers a 400 naming
 * the column or line (shown by api()'s toast); then the statement imports with progress on the list.
 */
import { reconciliationPage } from '@payops/contracts/resources/order/reconciliation';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import RefSelect from '../../engine/ref-select.tsx';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

export type ReconDialogMode = 'upload' | 'fetch';

interface Values {
  thirdPartyId: number;
  day: string;
}

export function ReconUploadDialog({
  mode,
  onClose,
  onStarted,
}: {
  mode: ReconDialogMode;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileMissing, setFileMissing] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    const action = reconciliationPage.actions[mode]!;
    let answer: { linesTotal: number };
    if (mode === 'upload') {
      if (!file) {
        setFileMissing(true);
        throw new Error('no file');
      }
      const data = new FormData();
      data.set('thirdPartyId', String(values.thirdPartyId));
      data.set('day', values.day);
      data.set('file', file);
      answer = await api(action.path, { method: 'POST', body: data });
    } else {
      answer = await api(action.path, { method: 'POST', body: values });
    }
    toast.success(t('recon.started', { lines: answer.linesTotal }));
    onStarted();
    onClose();
  };

  return (
    <ActionDialog
      width={560}
      title={t(mode === 'upload' ? 'recon.uploadTitle' : 'recon.fetchTitle')}
      onClose={onClose}
      onSubmit={submit}
      testId="recon-submit"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="thirdPartyId"
          label={t('field.reconciliationPage.thirdPartyId')}
          rules={[{ required: true, message: t('recon.partyRequired') }]}
        >
          <RefSelect field={reconciliationPage.fields.thirdPartyId} data-testid="recon-party" />
        </Form.Item>
        <Form.Item
          name="day"
          label={t('recon.day')}
          rules={[{ required: true, message: t('recon.dayRequired') }]}
        >
          <Input type="date" data-testid="recon-day" />
        </Form.Item>
        {mode === 'upload' && (
          <Form.Item
            label={t('recon.file')}
            required
            validateStatus={fileMissing ? 'error' : undefined}
            help={fileMissing ? t('recon.fileRequired') : undefined}
          >
            <input
              type="file"
              accept=".csv,.xlsx"
              data-testid="recon-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileMissing(false);
              }}
            />
          </Form.Item>
        )}
      </Form>
      <Alert type="info" showIcon title={t('recon.mappingHint')} />
    </ActionDialog>
  );
}
