/**
 * The dialog of a page's own action (reset a password, import addresses, grant permissions): the
 * shell's DraggableModal with the console's buttons, and a submit that spins until the request ends.
 * A failed request was already toasted by api(), and a failed validation is shown by the form, so
 * both simply leave the dialog open for the operator to correct.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../lib/draggable-modal.tsx';

export function ActionDialog({
  title,
  width,
  onClose,
  onSubmit,
  submitDisabled,
  testId,
  children,
}: {
  title: ReactNode;
  width?: number;
  onClose: () => void;
  /** Throws to keep the dialog open; the dialog never shows the error itself. */
  onSubmit: () => Promise<void>;
  submitDisabled?: boolean;
  /** data-testid of the submit button. */
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit();
    } catch {
      // See above: already shown.
    } finally {
      setBusy(false);
    }
  };
  return (
    <DraggableModal
      open
      width={width}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': testId, disabled: submitDisabled }}
      destroyOnHidden
    >
      {children}
    </DraggableModal>
  );
}
