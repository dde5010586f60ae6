import { Form, Switch } from 'antd';

/**
 * The `plainHttp` switch of a form whose server may be reached without TLS on purpose (chart
 * sources, image registries), with a line saying when that is fit.
 */
export function PlainHttpField({
  label,
  help,
  testId,
}: {
  label: string;
  help: string;
  testId: string;
}) {
  return (
    <Form.Item name="plainHttp" label={label} valuePropName="checked" extra={help}>
      <Switch data-testid={testId} />
    </Form.Item>
  );
}
