/**
 * The authenticator-code dialog (spec §4, §5): 400 px wide, required and digits-only. It answers
 * `promptCode()` (lib/code-prompt.ts), so the request that needed the code is sent again with it.
 */
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { settleCodePrompt, useCodePrompt } from '../../lib/code-prompt.ts';
import { DraggableModal } from '../../lib/draggable-modal.tsx';

interface CodeForm {
  code: string;
}

export function CodeDialog() {
  const { t } = useTranslation();
  const open = useCodePrompt((s) => s.open);
  const generation = useCodePrompt((s) => s.generation);
  const [form] = Form.useForm<CodeForm>();

  const submit = async () => {
    const { code } = await form.validateFields();
    settleCodePrompt(code.trim());
  };

  return (
    <DraggableModal
      key={generation}
      open={open}
      width={400}
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
