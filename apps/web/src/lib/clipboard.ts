/** Copy to clipboard with the spec's "copied" message for 1 s. */
import { i18n } from './i18n.ts';
import { toast } from './toast.ts';

export async function copyText(text: string): Promise<boolean> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    // The async clipboard needs a secure context; fall back to the old selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    ok = document.execCommand('copy');
    area.remove();
  }
  if (ok) toast.success(i18n.t('common.copied'), 1);
  return ok;
}
