/**
 * The authenticator-code dialog (spec §4, §5): 400 px wide, required and digits-only. It answers
 * `promptCode()` (lib/code-prompt.ts), so the request that needed the code is sent again with it.
 * It says which code it wants (the operator's own authenticator) and for which action, and sits above
 * every other layer (confirmations, drawers, form dialogs, popups) whatever opened it.
 */
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { actionOfPath } from '../../lib/action-names.ts';
import { settleCodePrompt, useCodePrompt } from '../../lib/code-prompt.ts';
import { DraggableModal } from '../../lib/draggable-modal.tsx';
import { useShellLabels } from '../../lib/shell-labels.ts';
import { pageMeta } from '../page-meta.ts';

/** Above antd's modals and confirmations (1000), popups (1050) and toasts' neighbours. */
export const CODE_DIALOG_Z_INDEX = 2000;

interface CodeForm {
  code: string;
}

function useActionName(path: string | undefined): string | null {
  const { t, i18n } = useTranslation();
  const action = actionOfPath(path);
  if (!action || !i18n.exists(action.label)) return null;
  const page = action.page ? pageMeta(action.page) : undefined;
  return page ? `${t(page.titleKey)} · ${t(action.label)}` : t(action.label);
}

export function CodeDialog() {
  useShellLabels();
  const { t } = useTranslation();
  const open = useCodePrompt((s) => s.open);
  const generation = useCodePrompt((s) => s.generation);
  const reason = useCodePrompt((s) => s.reason);
  const actionName = useActionName(reason.path);
  const [form] = Form.useForm<CodeForm>();

  const submit = async () => {
    try {
      const { code } = await form.validateFields();
      settleCodePrompt(code.trim());
    } catch {
      // The field shows what is wrong.
    }
  };

  return (
    <DraggableModal
      key={generation}
      open={open}
      width={400}
      zIndex={CODE_DIALOG_Z_INDEX}
      title={t('code.title')}
      onCancel={() => settleCodePrompt(null)}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => settleCodePrompt(null)} data-testid="code-dialog-cancel">
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={() => void submit()} data-testid="code-dialog-submit">
          {t('common.ok')}
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="code-dialog-reason">
        {actionName ? t('code.forAction', { action: actionName }) : t('code.forGeneric')}
      </Typography.Paragraph>
      {reason.retry && (
        <Alert
          type="warning"
          showIcon
          title={t('code.refused')}
          style={{ marginBottom: 12 }}
          data-testid="code-dialog-refused"
        />
      )}
      <Form form={form} layout="vertical" data-testid="code-dialog">
        <Form.Item
          name="code"
          label={t('code.label')}
          rules={[
            { required: true, message: t('code.required') },
            { pattern: /^\d+$/, message: t('code.digits') },
          ]}
        >
          <Input
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            placeholder={t('code.placeholder')}
            data-testid="code-dialog-input"
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
