/** The reason every money or points change carries (2 to 200 characters), recorded with the posting. */
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';

export function ReasonField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('mchPage.reason')}
      rules={[{ required: true, min: 2, max: 200, whitespace: true, message: t('mchPage.reasonRule') }]}
    >
      <Input.TextArea rows={3} data-testid={testId} />
    </Form.Item>
  );
}
