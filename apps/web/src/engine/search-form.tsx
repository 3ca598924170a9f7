/**
 * The collapsible search form: one input per field with a `filter`. Collapsed, it shows the first
 * row of fields; the values reach the list only on "search" (not on every keystroke), which keeps
 * the list requests few and each one backed by an index (performance.md).
 * A plain form holding the values itself: it validates nothing, so antd's Form (its field store and
 * validator, some 23 KB gzip) is left to the add/edit dialog, which loads on first use.
 */
import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import type { FieldDef } from '@payops/contracts/resource';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterInput } from './filter-input.tsx';

type Values = Record<string, unknown>;

/** What an input's onChange hands over: an event (text inputs) or the value itself (select, picker). */
function inputValue(arg: unknown): unknown {
  if (typeof arg === 'object' && arg !== null && 'target' in arg) {
    return (arg as { target: { value?: unknown } }).target.value;
  }
  return arg;
}

/** The label and the input of one field, the input bound to the form's values (like Form.Item). */
function SearchItem({
  field,
  label,
  value,
  onChange,
  children,
}: {
  field: FieldDef;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  children: ReactNode;
}) {
  const input = isValidElement(children)
    ? cloneElement(children as ReactElement<Record<string, unknown>>, {
        id: field.name,
        value,
        onChange: (arg: unknown) => onChange(inputValue(arg)),
      })
    : children;
  return (
    <div className="engine-search-item">
      <label htmlFor={field.name} title={label}>
        {label}
      </label>
      <div className="engine-search-control">{input}</div>
    </div>
  );
}

/** Fields shown while collapsed (one row at the widest layout, with the buttons). */
const COLLAPSED_COUNT = 3;

export function SearchForm({
  fields,
  onSearch,
  loading,
  initialValues,
  inputs,
}: {
  fields: FieldDef[];
  onSearch: (values: Record<string, unknown>) => void;
  loading: boolean;
  /** The page's own inputs of some fields (ResourceOverrides.filterInputs). */
  inputs?: Record<string, () => ReactNode>;
  /** Values the form starts with (filters from the URL); remount the form to apply new ones. */
  initialValues?: Values;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => initialValues ?? {});
  // A value given beyond the first row opens the form, so the operator sees every filter in force.
  const [expanded, setExpanded] = useState(() =>
    fields.some((f, i) => i >= COLLAPSED_COUNT && initialValues?.[f.name] !== undefined),
  );
  if (fields.length === 0) return null;
  const collapsible = fields.length > COLLAPSED_COUNT;

  return (
    <form
      className="engine-search"
      data-testid="search-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(values);
      }}
    >
      <Row gutter={[16, 12]}>
        {fields.map((field, i) => (
          // Hidden rather than unmounted: a collapsed field keeps its value and still filters.
          <Col key={field.name} xs={24} sm={12} lg={8} xxl={6} hidden={!expanded && i >= COLLAPSED_COUNT}>
            <SearchItem
              field={field}
              label={t(field.label)}
              value={values[field.name]}
              onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
            >
              {inputs?.[field.name]?.() ?? filterInput(field, t)}
            </SearchItem>
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: 'right' }}>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={loading} data-testid="search-submit">
              {t('engine.search')}
            </Button>
            <Button
              data-testid="search-reset"
              onClick={() => {
                setValues({});
                onSearch({});
              }}
            >
              {t('engine.reset')}
            </Button>
            {collapsible && (
              <Button type="link" onClick={() => setExpanded((e) => !e)} data-testid="search-toggle">
                {expanded ? t('engine.collapse') : t('engine.expand')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </form>
  );
}
