/**
 * The collapsible search form: one input per field with a `filter`. Collapsed, it shows the first
 * row of fields; the values reach the list only on "search" (not on every keystroke), which keeps
 * the list requests few and each one backed by an index (performance.md).
 */
import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import type { FieldDef } from '@payops/contracts/resource';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterInput } from './filter-input.tsx';

/** Fields shown while collapsed (one row at the widest layout, with the buttons). */
const COLLAPSED_COUNT = 3;

export function SearchForm({
  fields,
  onSearch,
  loading,
}: {
  fields: FieldDef[];
  onSearch: (values: Record<string, unknown>) => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  if (fields.length === 0) return null;
  const collapsible = fields.length > COLLAPSED_COUNT;

  return (
    <Form
      form={form}
      className="engine-search"
      data-testid="search-form"
      onFinish={(values: Record<string, unknown>) => onSearch(values)}
    >
      <Row gutter={[16, 12]}>
        {fields.map((field, i) => (
          // Hidden rather than unmounted: a collapsed field keeps its value and still filters.
          <Col key={field.name} xs={24} sm={12} lg={8} xxl={6} hidden={!expanded && i >= COLLAPSED_COUNT}>
            <Form.Item name={field.name} label={t(field.label)} style={{ marginBottom: 0 }}>
              {filterInput(field, t)}
            </Form.Item>
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
                form.resetFields();
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
    </Form>
  );
}
