/** Adding or taking a member's credit points, with a reason; audited and posted through the ledger. */

import { truncateMoney } from '@payops/contracts/decimal';
import { memberList } from '@payops/contracts/resources/member/member-list';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { newIdempotencyKey } from '../../engine/resource-api.ts';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { ReasonField } from '../mch/reason-field.tsx';

export function PointsDialog({
  row,
  onClose,
  onDone,
}: {
  row: Row;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ points: string; reason: string }>();
  const [key] = useState(newIdempotencyKey);

  const submit = async () => {
    const values = await form.validateFields();
    const answer = await api<{ creditPoints: string }>(memberList.actions.adjustPoints!.path, {
      method: 'POST',
      body: { id: row.id, points: values.points.trim(), reason: values.reason.trim() },
      headers: { 'Idempotency-Key': key },
    });
    toast.success(t('memberPage.pointsDone', { points: truncateMoney(answer.creditPoints, 0) }));
    onDone();
  };

  return (
    <ActionDialog
      title={t('memberPage.pointsTitle', { account: String(row.account) })}
      onClose={onClose}
      onSubmit={submit}
      testId="points-submit"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="points"
          label={t('memberPage.points')}
          rules={[{ required: true, pattern: /^-?[1-9]\d{0,8}$/, message: t('memberPage.pointsRule') }]}
        >
          <Input data-testid="points-value" />
        </Form.Item>
        <ReasonField testId="points-reason" />
      </Form>
    </ActionDialog>
  );
}
