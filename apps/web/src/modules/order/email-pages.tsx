/**
 * Bank-notification email orders (contracts order/email-order.ts, payManage/email-config.ts): the
 * email orders, the mailboxes and their assignments are their definitions; the email orders' toolbar
 * "upload (.eml)" opens its own dialog (a file is not a form field a definition can say).
 */
import { emailOrder } from '@payops/contracts/resources/order/email-order';
import { emailAssign, emailConfig } from '@payops/contracts/resources/payManage/email-config';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';

// The upload dialog loads when it is first opened, not with the list.
const EmailUploadDialog = lazy(() =>
  import('./email-upload-dialog.tsx').then((m) => ({ default: m.EmailUploadDialog })),
);

export function EmailOrderPage() {
  const [uploading, setUploading] = useState<PageContext | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({ actionHandlers: { upload: (_rows, ctx) => setUploading(ctx) } }),
    [],
  );
  return (
    <>
      <ResourcePage def={emailOrder} overrides={overrides} />
      {uploading && (
        <Suspense fallback={null}>
          <EmailUploadDialog onClose={() => setUploading(null)} onUploaded={uploading.refresh} />
        </Suspense>
      )}
    </>
  );
}

export function EmailConfigPage() {
  return <ResourcePage def={emailConfig} />;
}

export function EmailAssignPage() {
  return <ResourcePage def={emailAssign} />;
}
