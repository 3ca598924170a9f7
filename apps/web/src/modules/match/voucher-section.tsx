/**
 * A match's voucher in its detail drawer: fetched with the operator's session behind the matches' list
 * permission (never a public URL) and shown as an image, or offered as a file when it is a PDF.
 */
import { findTransferMatchByPage } from '@payops/contracts/resources/match/match-list';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../engine/types.ts';
import { useBlobUrl } from '../../engine/use-blob-url.ts';
import { api } from '../../lib/api.ts';

const T = 'findTransferMatchByPage';

export function VoucherSection({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (!row.voucherHash) return <p data-testid="voucher-none">{t(`voucher.${T}.none`)}</p>;
  return <VoucherFile id={Number(row.id)} type={String(row.voucherType)} />;
}

function VoucherFile({ id, type }: { id: number; type: string }) {
  const { t } = useTranslation();
  const { url, failed } = useBlobUrl(id, () =>
    api<Blob>(`${findTransferMatchByPage.api}/voucher?id=${id}`, { responseType: 'blob' }),
  );
  if (failed) return <p>{t(`voucher.${T}.failed`)}</p>;
  if (!url) return null;
  return (
    <div data-testid="voucher">
      <h4>{t(`voucher.${T}.title`)}</h4>
      {type === 'application/pdf' ? (
        <a href={url} download={`voucher-${id}.pdf`}>
          {t(`voucher.${T}.pdf`)}
        </a>
      ) : (
        <img src={url} alt={t(`voucher.${T}.title`)} style={{ maxWidth: '100%', maxHeight: 360 }} />
      )}
    </div>
  );
}
