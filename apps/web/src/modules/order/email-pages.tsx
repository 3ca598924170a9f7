/**
 * Bank-notification email orders (contracts order/email-order.ts, payManage/email-config.ts): the
 * email orders, the mailboxes and their assignments are their definitions; the email orders' toolbar
 * "upload (.eml)" opens its own dialog (a file is not a form field a definition can say).
 */
import type { ResourceDef } from '@payops/contracts';
import { emailOrder } from '@payops/contracts/resources/order/email-order';
import { emailAssign, emailConfig } from '@payops/contracts/resources/payManage/email-config';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';

// The upload dialog loads when it is first opened, not with the list.
const EmailUploadDialog = lazy(() =>
  import('./email-upload-dialog.tsx').then((m) => ({ default: m.EmailUploadDialog })),
);

const EmailBindDialog = lazy(() =>
  import('./email-bind-dialog.tsx').then((m) => ({ default: m.EmailBindDialog })),
);

/** An area's email orders (`def`: the matching's or the wallet's), with the upload and the bind. */
export function EmailOrdersOf({ def }: { def: ResourceDef }) {
  const [uploading, setUploading] = useState<PageContext | null>(null);
  const [binding, setBinding] = useState<{ row: Row; ctx: PageContext } | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      actionHandlers: {
        upload: (_rows, ctx) => setUploading(ctx),
        bind: ([row], ctx) => row && setBinding({ row, ctx }),
      },
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} overrides={overrides} />
      {uploading && (
        <Suspense fallback={null}>
          <EmailUploadDialog def={def} onClose={() => setUploading(null)} onUploaded={uploading.refresh} />
        </Suspense>
      )}
      {binding && (
        <Suspense fallback={null}>
          <EmailBindDialog
            def={def}
            row={binding.row}
            onClose={() => setBinding(null)}
            onBound={binding.ctx.refresh}
          />
        </Suspense>
      )}
    </>
  );
}

export function EmailOrderPage() {
  return <EmailOrdersOf def={emailOrder} />;
}

export function EmailConfigPage() {
  return <ResourcePage def={emailConfig} />;
}

export function EmailAssignPage() {
  return <ResourcePage def={emailAssign} />;
}
