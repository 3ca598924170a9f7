/**
 * The add/edit dialog: the shell's DraggableModal around an antd Form built from the definition's
 * form fields and rules. The body is built in a factory, so a page's `toBody` (which may encrypt a
 * password with a one-time nonce) runs again when api() resends after an authenticator code.
 */
import type { ResourceDef } from '@payops/contracts/resource';
import Form from 'antd/es/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../lib/draggable-modal.tsx';
import { toast } from '../lib/toast.ts';
import { formInput } from './form-input.tsx';
import { fieldRules } from './form-rules.ts';
import { formFields, lockedOnEdit, toBody, toFormValues } from './form-values.ts';
import { saveRow } from './resource-api.ts';
import type { FormMode, ResourceOverrides, Row } from './types.ts';

export function FormDialog({
  def,
  mode,
  overrides,
  onClose,
  onSaved,
}: {
  def: ResourceDef;
  /** null: closed. */
  mode: FormMode | null;
  overrides: ResourceOverrides;
  onClose: () => void;
  onSaved: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const [busy, setBusy] = useState(false);
  const kind = mode?.kind ?? 'add';
  const fields = useMemo(() => formFields(def, kind), [def, kind]);

  // The form is destroyed on close, so each opening starts from these values.
  const toForm = overrides.toForm;
  const initialValues = useMemo(
    () => (mode?.kind === 'edit' ? (toForm ? toForm(mode.row) : toFormValues(fields, mode.row)) : {}),
    [mode, fields, toForm],
  );

  const submit = async () => {
    if (!mode) return;
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the messages next to the fields
    }
    setBusy(true);
    try {
      const saved = await saveRow(def, mode.kind, () =>
        overrides.toBody ? overrides.toBody(values, mode) : toBody(def, fields, values, mode),
      );
      toast.success(t('engine.saved'));
      onSaved(saved);
    } catch {
      // api() already showed the server's message; the dialog stays open to correct the input.
    } finally {
      setBusy(false);
    }
  };

  const title = `${t(kind === 'add' ? 'engine.addTitle' : 'engine.editTitle')} · ${t(`route.${def.group}.${def.page}`)}`;

  return (
    <DraggableModal
      open={!!mode}
      title={title}
      width={overrides.formWidth ?? 560}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'form-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="resource-form"
        preserve={false}
        initialValues={initialValues}
      >
        {overrides.renderForm && mode
          ? overrides.renderForm(mode, fields)
          : fields.map((field) => (
              <Form.Item
                key={field.name}
                name={field.name}
                label={t(field.label)}
                rules={
                  lockedOnEdit(field, kind)
                    ? []
                    : [...fieldRules(field, t), ...(overrides.extraRules?.[field.name] ?? [])]
                }
                valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
              >
                {overrides.formInputs?.[field.name] && mode
                  ? overrides.formInputs[field.name]!(mode)
                  : formInput(field, t, lockedOnEdit(field, kind))}
              </Form.Item>
            ))}
      </Form>
    </DraggableModal>
  );
}
