/** Times as the console shows them, without a date library on the pages' first download. */

const pad = (n: number) => String(n).padStart(2, '0');

/** A time in the browser's zone as DATETIME_FORMAT (what dayjs(value).format(DATETIME_FORMAT) gives). */
export function formatDateTime(value: string | number | Date): string {
  // A bare date is a local day to dayjs, but UTC midnight to Date: read it as dayjs does.
  const d = new Date(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value,
  );
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
