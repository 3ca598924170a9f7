/**
 * Upload of one bank notification email (.eml) as an email order, optionally for a mailbox: the
 * server reads it with the same parser and bank templates as the mailbox poller and answers the
 * order it made (matched to a match, or unmatched); a file it cannot read is refused with the
 * reason, shown by api()'s toast, and the dialog stays open.
 */
import type { ResourceDef } from '@payops/contracts';
import { emailOrder } from '@payops/contracts/resources/order/email-order';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
// The dialog is loaded on use: the ref select comes with it (not through the engine's lazy wrapper).
import RefSelect from '../../engine/ref-select.tsx';
import { api } from '../../lib/api.ts';

interface Uploaded {
  id: number;
  status: string;
  matchId?: number | null;
  tradeOrderId?: number | null;
}

/** `def`: the area's email-order definition (the matching's by default, or the wallet's). */
export function EmailUploadDialog({
  onClose,
  onUploaded,
  def = emailOrder,
}: {
  onClose: () => void;
  onUploaded: () => void;
  def?: ResourceDef;
}) {
  const n = def.name;
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [mailboxId, setMailboxId] = useState<unknown>(undefined);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<Uploaded | null>(null);
  // A plain file input behind the button: the file is read by FormData, never uploaded on its own.
  const input = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (!file) {
      setMissing(true);
      throw new Error('no file');
    }
    const body = new FormData();
    if (mailboxId !== undefined && mailboxId !== null) body.append('mailboxId', String(mailboxId));
    body.append('file', file, file.name);
    const answer = await api<Uploaded>(def.actions.upload!.path, { method: 'POST', body });
    setResult(answer);
    setFile(null);
    onUploaded();
  };

  return (
    <ActionDialog title={t(`${n}.uploadTitle`)} onClose={onClose} onSubmit={submit} testId="eml-submit">
      <Form layout="vertical">
        <Form.Item label={t(`${n}.uploadMailbox`)}>
          <RefSelect
            field={def.fields.mailboxId!}
            value={mailboxId as never}
            onChange={setMailboxId}
            data-testid="eml-mailbox"
          />
        </Form.Item>
        <Form.Item
          label={t(`${n}.uploadFile`)}
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t(`${n}.uploadRequired`) : undefined}
        >
          <input
            ref={input}
            type="file"
            accept=".eml,message/rfc822"
            style={{ display: 'none' }}
            data-testid="eml-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setMissing(false);
              setResult(null);
              e.target.value = '';
            }}
          />
          <Button onClick={() => input.current?.click()} data-testid="eml-pick">
            {t(`${n}.uploadPick`)}
          </Button>
          {file && (
            <span style={{ marginLeft: 8 }} data-testid="eml-name">
              {file.name}
            </span>
          )}
        </Form.Item>
      </Form>
      {result && (
        <Alert
          data-testid="eml-result"
          type={result.status === 'matched' ? 'success' : 'warning'}
          title={t(`${n}.uploaded`, {
            id: result.id,
            status: t(`enum.${n}.status.${result.status}`),
          })}
        />
      )}
    </ActionDialog>
  );
}
