/**
 * How one value of a field shows in a table cell or a detail view. Masked values arrive masked from
 * the server and are shown as sent; amounts are truncated (never rounded) to 2 decimals on their
 * digits, or to the scale of the currency the field names (USDT 100.00, 13.927577: the digits that
 * carry); times arrive in UTC and are shown in the browser's zone.
 */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { truncateMoney } from '@payops/contracts/decimal';
import { currencyRule } from '@payops/contracts/money';
import type { FieldDef } from '@payops/contracts/resource';
import { localText } from '@payops/contracts/system-texts';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { copyText } from '../lib/clipboard.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { getLanguage } from '../lib/settings-store.ts';
import './engine-messages.ts';
import { isPercent, percentText } from './percent.tsx';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * The decimals an amount shows: its currency's (a code, or the row's field naming one: 8 for USDT),
 * 2 when the field names none.
 */
function moneyScale(field: FieldDef, row?: Record<string, unknown>): number {
  const c = typeof field.currency === 'object' ? row?.[field.currency.field] : field.currency;
  return (typeof c === 'string' ? currencyRule(c)?.scale : undefined) ?? 2;
}

/** An amount cut to its currency's scale; past 2 decimals without trailing zeros (13.927577 USDT). */
function moneyText(field: FieldDef, value: string, row?: Record<string, unknown>): string {
  const scale = moneyScale(field, row);
  const text = truncateMoney(value, scale);
  return scale > 2 ? text.replace(/(\.\d{2}\d*?)0+$/, '$1') : text;
}

/** An enum's value as its options: one, or each of a `many` field's comma-separated set. */
function enumValues(field: FieldDef, value: unknown): string[] {
  return field.many ? String(value).split(',').filter(Boolean) : [String(value)];
}

/** Plain text of a value (export-free: used by cells, tooltips and the detail view). */
export function valueText(
  field: FieldDef,
  value: unknown,
  t: TFunction,
  row?: Record<string, unknown>,
): string {
  if (isBlank(value)) return '';
  switch (field.type) {
    case 'money':
      return isPercent(field) ? percentText(value) : moneyText(field, value as string, row);
    case 'datetime':
      return formatDateTime(value as string);
    case 'date':
      return String(value);
    case 'boolean':
      return t(value ? 'engine.yes' : 'engine.no');
    case 'enum':
      return enumValues(field, value)
        .map((v) => {
          const option = field.options.find((o) => o.value === v);
          return option ? t(option.label) : v;
        })
        .join(', ');
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      if (Array.isArray(value)) return value.join(', ');
      // A text the system wrote (`@timeout`, `@system`) reads in the operator's language.
      return typeof value === 'string' ? localText(value, getLanguage()) : String(value);
  }
}

/** An id with a copy button (spec: ids are copied often, to paste into a chat or another search). */
export function CopyableId({ text }: { text: string }) {
  return (
    <span className="engine-id">
      {text}
      <CopyOutlined
        className="engine-copy"
        role="button"
        aria-label="copy"
        data-testid="copy-id"
        style={{ marginInlineStart: 6, color: 'var(--ant-color-primary, #1677ff)', cursor: 'pointer' }}
        onClick={(e) => {
          e.stopPropagation();
          void copyText(text);
        }}
      />
    </span>
  );
}

/** One line cut with an ellipsis, the whole text in a tooltip when (and only when) it is cut. */
function EllipsisText({ text }: { text: string }) {
  const [cut, setCut] = useState(false);
  return (
    <Tooltip title={cut ? text : undefined}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: measures on hover whether the text is cut; nothing to operate */}
      <span
        className="engine-ellipsis"
        onMouseEnter={(e) => setCut(e.currentTarget.scrollWidth > e.currentTarget.clientWidth)}
      >
        {text}
      </span>
    </Tooltip>
  );
}

export function renderValue(
  field: FieldDef,
  value: unknown,
  t: TFunction,
  isKey = false,
  row?: Record<string, unknown>,
): ReactNode {
  if (isBlank(value)) return <span className="engine-blank">-</span>;
  if (isKey) return <CopyableId text={String(value)} />;
  switch (field.type) {
    case 'enum':
      return enumValues(field, value).map((v) => (
        <Tag key={v} color={field.options.find((o) => o.value === v)?.color} data-value={v}>
          {valueText(field, v, t)}
        </Tag>
      ));
    case 'boolean':
      return <Tag color={value ? 'green' : 'default'}>{valueText(field, value, t)}</Tag>;
    case 'money':
      return <span className="engine-money">{valueText(field, value, t, row)}</span>;
    case 'json':
    case 'text': {
      return <EllipsisText text={valueText(field, value, t)} />;
    }
    case 'image':
      return <img src={String(value)} alt="" style={{ maxHeight: 40, maxWidth: 80 }} />;
    default:
      return valueText(field, value, t);
  }
}
