/**
 * The add/edit dialog: the shell's DraggableModal around an antd Form built from the definition's
 * form fields and rules. The body is built in a factory, so a page's `toBody` (which may encrypt a
 * password with a one-time nonce) runs again when api() resends after an authenticator code.
 */
import type { ResourceDef } from '@payops/contracts/resource';
import Form from 'antd/es/form';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../lib/draggable-modal.tsx';
import { toast } from '../lib/toast.ts';
import { formInput } from './form-input.tsx';
import { fieldRules } from './form-rules.ts';
import { changedValues, formFields, heldMasked, lockedOnEdit, toBody, toFormValues } from './form-values.ts';
import { noticeOf, saveRow } from './resource-api.ts';
import type { FormMode, ResourceOverrides, Row } from './types.ts';

/** A number per opening (each opening is a new mode object). */
const openings = new WeakMap<FormMode, number>();
let nextOpening = 0;
function openingOf(mode: FormMode): number {
  let n = openings.get(mode);
  if (n === undefined) {
    n = ++nextOpening;
    openings.set(mode, n);
  }
  return n;
}

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

  // Each opening remounts the form under its own key, so it starts from these values even when it
  // reopens during the closing animation (when the old form is still mounted). While closing, the
  // last opening's key stays, so the closing dialog keeps its values.
  const lastOpen = useRef<FormMode | null>(null);
  if (mode) lastOpen.current = mode;
  const formKey = lastOpen.current ? openingOf(lastOpen.current) : 0;
  const toForm = overrides.toForm;
  const initialValues = useMemo(
    () => (mode?.kind === 'edit' ? (toForm ? toForm(mode.row) : toFormValues(fields, mode.row)) : {}),
    [mode, fields, toForm],
  );
  // The form instance outlives each opening, and rc-field-form merges a new form's initial values
  // under the values the previous opening left in the store (undefined after preserve=false), so
  // the store is reset to this opening's values once its form has mounted. Before the browser paints
  // (a layout effect): after it, the operator may already be typing, and a reset then took back what
  // they typed (an edit would save the old values).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening, not per render
  useLayoutEffect(() => {
    if (!lastOpen.current) return;
    form.resetFields();
    form.setFieldsValue(initialValues);
  }, [formKey]);

  const submit = async () => {
    if (!mode) return;
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the messages next to the fields
    }
    if (mode.kind === 'edit') values = changedValues(values, initialValues);
    setBusy(true);
    try {
      const saved = await saveRow(def, mode.kind, () =>
        overrides.toBody ? overrides.toBody(values, mode) : toBody(def, fields, values, mode),
      );
      // The server's word when the save did something else than saving (a change held for approval).
      const notice = noticeOf(saved);
      if (notice) toast[notice.level](notice.text, 8);
      else toast.success(t('engine.saved'));
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
        key={formKey}
        form={form}
        layout="vertical"
        data-testid="resource-form"
        preserve={false}
        initialValues={initialValues}
      >
        {overrides.renderForm && mode
          ? overrides.renderForm(mode, fields)
          : fields.map((field) => {
              const masked = mode?.kind === 'edit' ? heldMasked(field, mode.row) : null;
              const rules = lockedOnEdit(field, kind)
                ? []
                : [...fieldRules(field, t), ...(overrides.extraRules?.[field.name] ?? [])];
              return (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  label={t(field.label)}
                  // Left empty, a masked field keeps its stored value: not required then.
                  rules={masked ? rules.filter((r) => !(typeof r === 'object' && r.required)) : rules}
                  extra={masked ? t('engine.maskedKept', { value: masked }) : undefined}
                  valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
                >
                  {overrides.formInputs?.[field.name] && mode
                    ? overrides.formInputs[field.name]!(mode)
                    : formInput(field, t, lockedOnEdit(field, kind))}
                </Form.Item>
              );
            })}
      </Form>
    </DraggableModal>
  );
}
