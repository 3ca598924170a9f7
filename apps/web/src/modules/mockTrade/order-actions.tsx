/**
 * The steps an operator takes on one sandbox order, as its buyer, its seller or the operator, by the
 * order's state: pay (with a voucher file, or without), cancel, confirm, dispute, resolve. Each is a
 * /mockTrade call; the server derives the party from the order and refuses anything not the sandbox's.
 */
import { MockPermission } from '@payops/contracts/resources/mockTrade/permissions';
import Button from 'antd/es/button';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';

const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export function OrderActions({ row, onDone }: { row: Row; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const file = useRef<HTMLInputElement>(null);
  const id = Number(row.id);
  const reason = t('mock.localText');
  const call = async (path: string, body: Record<string, unknown>) => {
    await api(`/mockTrade/${path}`, { method: 'POST', body: { id, ...body } });
    toast.success(t('mock.done'));
    onDone();
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (f) await call('uploadTradeVoucherFile', { voucher: await base64Of(f) });
  };
  const link = (key: string, label: string, run: () => unknown, danger = false) => (
    <Button
      key={key}
      type="link"
      size="small"
      danger={danger}
      onClick={() => void run()}
      data-testid={`mock-${key}`}
    >
      {t(label)}
    </Button>
  );
  const status = String(row.status);
  const steps = [];
  if (can(MockPermission.trade) && status === 'matched')
    steps.push(
      link('voucher', 'mock.payVoucher', () => file.current?.click()),
      link('pay', 'mock.pay', () => call('confirmBuyOrder', {})),
      link('cancel', 'mock.cancel', () => call('buyChildCancel', { reason }), true),
    );
  if (can(MockPermission.trade) && status === 'paid')
    steps.push(
      link('confirm', 'mock.confirm', () => call('confirmSellOrder', {})),
      link('dispute', 'mock.dispute', () => call('sellUpdateStatus', { status: 'disputed', reason }), true),
    );
  if (can(MockPermission.resolve) && status === 'disputed')
    steps.push(
      link('resolve-complete', 'mock.resolveComplete', () =>
        call('buyUpdateStatus', { status: 'completed', reason }),
      ),
      link(
        'resolve-cancel',
        'mock.resolveCancel',
        () => call('buyUpdateStatus', { status: 'cancelled', reason }),
        true,
      ),
    );
  return (
    <>
      {steps}
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg,application/pdf"
        hidden
        onChange={onFile}
        data-testid="mock-voucher-file"
      />
    </>
  );
}

/** An open ad's steps: take what one take may (as a sandbox trader of the other side), or cancel it. */
export function AdActions({ row, side, onDone }: { row: Row; side: 'buy' | 'sell'; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(MockPermission.trade) || row.status !== 'open') return null;
  const remaining = Number(row.remaining);
  const amount = String(Math.min(remaining, Number(row.maxTake)));
  const payType = String(row.payTypes).split(',')[0];
  const take = async () => {
    await api(`/mockTrade/${side === 'sell' ? 'buyFromSellList' : 'sellFromBuyList'}`, {
      method: 'POST',
      body: { adId: Number(row.id), amount, payType },
    });
    toast.success(t('mock.done'));
    onDone();
  };
  const cancel = async () => {
    await api(`/mockTrade/${side}Cancel`, {
      method: 'POST',
      body: { id: Number(row.id), reason: t('mock.localText') },
    });
    toast.success(t('mock.done'));
    onDone();
  };
  return (
    <>
      <Button type="link" size="small" onClick={() => void take()} data-testid="mock-take">
        {t('mock.take')}
      </Button>
      <Button type="link" size="small" danger onClick={() => void cancel()} data-testid="mock-ad-cancel">
        {t('mock.cancelAd')}
      </Button>
    </>
  );
}
