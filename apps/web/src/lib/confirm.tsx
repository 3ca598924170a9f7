/**
 * A confirmation dialog (antd's modal.confirm through Modal.useModal, so it follows the console's
 * theme and language) whose code loads on the first confirmation rather than with the page: a list
 * page shows no dialog on its first screen, and each page's download is on a budget
 * (performance.md: each page ≤ 160 KB gzip beyond the first load).
 * Use like Modal.useModal: render the holder in the page, call confirm(config).
 */
import type { ModalFuncProps } from 'antd/es/modal';
import type { HookAPI } from 'antd/es/modal/useModal';
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';

export type Confirm = (config: ModalFuncProps) => void;

/** Between the hook and its host: confirmations asked before the host mounted, and the host's api. */
export interface ConfirmChannel {
  pending: ModalFuncProps[];
  modal?: HookAPI;
}

const ConfirmHost = lazy(() => import('./confirm-host.tsx'));

export function useConfirm(): [Confirm, ReactNode] {
  const channel = useRef<ConfirmChannel>({ pending: [] }).current;
  const [armed, setArmed] = useState(false);
  const confirm = useCallback<Confirm>(
    (config) => {
      if (channel.modal) {
        void channel.modal.confirm(config);
        return;
      }
      // The host shows it once its code has loaded (and anything else asked in the meantime).
      channel.pending.push(config);
      setArmed(true);
    },
    [channel],
  );
  const holder = armed ? (
    <Suspense fallback={null}>
      <ConfirmHost channel={channel} />
    </Suspense>
  ) : null;
  return [confirm, holder];
}
