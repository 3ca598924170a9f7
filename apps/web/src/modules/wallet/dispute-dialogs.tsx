/**
 * The dispute page's two dialogs a definition cannot say (loaded on first use):
 * - assign: an operator among those the server lists as holding the dispute permission, and a reason;
 * - addEvidence: the operator's file (PNG, JPEG, PDF; a chat excerpt as text) and a note, sent as
 *   base64; the server checks its type and size, stores it by its hash and lists it in the detail.
 */
import { disputeOrderPage, EVIDENCE_KINDS } from '@payops/contracts/resources/wallet/wallet-disputes';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';

const T = 'disputeOrderPage';

interface DialogProps {
  row: Row;
  onClose: () => void;
  onDone: () => void;
}

export function AssignDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ operatorId: number; reason: string }>();
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    void api<{ list: { value: number; label: string }[] }>(`${disputeOrderPage.api}/assignees`).then((r) =>
      setOptions(r.list),
    );
  }, []);
  const submit = async () => {
    const values = await form.validateFields();
    await api(disputeOrderPage.actions.assign!.path, {
      method: 'POST',
      body: { id: Number(row.id), ...values },
    });
    onDone();
    onClose();
  };
  return (
    <ActionDialog title={t(`${T}.assignTitle`)} onClose={onClose} onSubmit={submit} testId="assign-submit">
      <Form form={form} layout="vertical">
        <Form.Item name="operatorId" label={t(`${T}.assignee`)} rules={[{ required: true }]}>
          <Select options={options} showSearch optionFilterProp="label" data-testid="assign-operator" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t(`${T}.assignReason`)}
          rules={[{ required: true, min: 2, max: 200 }]}
        >
          <Input.TextArea rows={2} maxLength={200} data-testid="assign-reason" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/** The file's bytes as base64 (what the evidence API takes). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function EvidenceDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ kind: string; note?: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setMissing(true);
      throw new Error('no file');
    }
    const content = await base64Of(file);
    await api(disputeOrderPage.actions.addEvidence!.path, {
      method: 'POST',
      body: { id: Number(row.id), kind: values.kind, content, ...(values.note ? { note: values.note } : {}) },
    });
    onDone();
    onClose();
  };
  return (
    <ActionDialog
      title={t(`${T}.evidenceTitle`)}
      onClose={onClose}
      onSubmit={submit}
      testId="evidence-submit"
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'voucher' }}>
        <Form.Item name="kind" label={t(`${T}.evidenceKind`)} rules={[{ required: true }]}>
          <Select
            data-testid="evidence-kind"
            options={EVIDENCE_KINDS.map((k) => ({
              value: k,
              label: t(`enum.disputeOrderPage.evidenceKind.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          label={t(`${T}.evidenceFile`)}
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t(`${T}.evidenceRequired`) : undefined}
        >
          <input
            ref={input}
            type="file"
            accept=".png,.jpg,.jpeg,.pdf,.txt,image/png,image/jpeg,application/pdf,text/plain"
            style={{ display: 'none' }}
            data-testid="evidence-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setMissing(false);
              e.target.value = '';
            }}
          />
          <Button onClick={() => input.current?.click()} data-testid="evidence-pick">
            {t(`${T}.evidencePick`)}
          </Button>
          {file && (
            <span style={{ marginLeft: 8 }} data-testid="evidence-name">
              {file.name}
            </span>
          )}
        </Form.Item>
        <Form.Item name="note" label={t(`${T}.evidenceNote`)} rules={[{ max: 200 }]}>
          <Input maxLength={200} data-testid="evidence-note" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
