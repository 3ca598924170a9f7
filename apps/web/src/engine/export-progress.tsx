/**
 * The progress of a large export while its file streams in (issue 17 item 12): bytes received and,
 * for CSV, rows out of the total the server announced. Shown only when the download takes a while,
 * as one toast updated in place; a quick export shows nothing but its "finished" toast.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import { i18n } from '../lib/i18n.ts';

export interface ExportProgress {
  bytes: number;
  /** Rows received so far (CSV only: an .xlsx is a zip and cannot be counted while it streams). */
  rows: number | null;
  /** Rows the export holds, from the server's X-Export-Rows header. */
  total: number | null;
}

const SHOW_AFTER_MS = 400;
const REDRAW_MS = 150;
const KEY = 'export-progress';

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function progressText(p: ExportProgress): string {
  const size = sizeText(p.bytes);
  const total = p.total?.toLocaleString() ?? '?';
  return p.rows === null
    ? i18n.t('engine.exportProgressBytes', { size, total })
    : i18n.t('engine.exportProgressRows', { size, rows: p.rows.toLocaleString(), total });
}

/** Starts watching one export; call `update` per chunk and `end` when done or failed. */
export function watchExport(): { update: (p: ExportProgress) => void; end: () => void } {
  let latest: ExportProgress = { bytes: 0, rows: null, total: null };
  let message: MessageInstance | null = null;
  let ended = false;
  let drawn = 0;
  const draw = () => {
    drawn = Date.now();
    message?.open({
      key: KEY,
      type: 'loading',
      duration: 0,
      content: <span data-testid="export-progress">{progressText(latest)}</span>,
    });
  };
  const timer = setTimeout(() => {
    void import('antd/es/message').then((m) => {
      if (ended) return;
      message = m.default;
      draw();
    });
  }, SHOW_AFTER_MS);
  return {
    update(p) {
      latest = p;
      if (message && Date.now() - drawn >= REDRAW_MS) draw();
    },
    end() {
      ended = true;
      clearTimeout(timer);
      message?.destroy(KEY);
    },
  };
}
