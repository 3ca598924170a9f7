/**
 * How one value of a field shows in a table cell or a detail view. Masked values arrive masked from
 * the server and are shown as sent; amounts are truncated (never rounded) to 2 decimals on their
 * digits; times arrive in UTC and are shown in the browser's zone.
 */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import type { FieldDef } from '@payops/contracts/resource';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { copyText } from '../lib/clipboard.ts';
import { truncateMoney } from '../lib/money.ts';
import './engine-messages.ts';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Plain text of a value (export-free: used by cells, tooltips and the detail view). */
export function valueText(field: FieldDef, value: unknown, t: TFunction): string {
  if (isBlank(value)) return '';
  switch (field.type) {
    case 'money':
      return truncateMoney(value as string);
    case 'datetime':
      return dayjs(value as string).format(DATETIME_FORMAT);
    case 'date':
      return String(value);
    case 'boolean':
      return t(value ? 'engine.yes' : 'engine.no');
    case 'enum': {
      const option = field.options.find((o) => o.value === value);
      return option ? t(option.label) : String(value);
    }
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
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

export function renderValue(field: FieldDef, value: unknown, t: TFunction, isKey = false): ReactNode {
  if (isBlank(value)) return <Typography.Text type="secondary">-</Typography.Text>;
  if (isKey) return <CopyableId text={String(value)} />;
  switch (field.type) {
    case 'enum': {
      const option = field.options.find((o) => o.value === value);
      return (
        <Tag color={option?.color} data-value={String(value)}>
          {valueText(field, value, t)}
        </Tag>
      );
    }
    case 'boolean':
      return <Tag color={value ? 'green' : 'default'}>{valueText(field, value, t)}</Tag>;
    case 'money':
      return <span className="engine-money">{valueText(field, value, t)}</span>;
    case 'json':
    case 'text': {
      const text = valueText(field, value, t);
      return (
        <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }}>
          {text}
        </Typography.Text>
      );
    }
    case 'image':
      return <img src={String(value)} alt="" style={{ maxHeight: 40, maxWidth: 80 }} />;
    default:
      return valueText(field, value, t);
  }
}
