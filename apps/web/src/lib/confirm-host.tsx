/** The part of useConfirm (confirm.tsx) loaded on the first confirmation: antd's Modal and its holder. */
import Modal from 'antd/es/modal';
import { useEffect } from 'react';
import type { ConfirmChannel } from './confirm.tsx';

export default function ConfirmHost({ channel }: { channel: ConfirmChannel }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    channel.modal = modal;
    for (const config of channel.pending.splice(0)) void modal.confirm(config);
    return () => {
      channel.modal = undefined;
    };
  }, [channel, modal]);
  return holder;
}
