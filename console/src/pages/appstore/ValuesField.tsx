import { Form, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// CodeMirror loads with the dialog only, in its own chunk.
const YamlEditor = lazy(() => import('../../components/yamlEditor/YamlEditor'));

/** A release's values, edited as YAML (install and upgrade). */
export function ValuesField({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (values: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('appStore.install.values')}>
      <Suspense fallback={<Spin />}>
        {value !== undefined && (
          <YamlEditor
            value={value}
            onChange={onChange}
            aria-label={t('appStore.install.values')}
            data-testid="release-values"
            height={260}
          />
        )}
      </Suspense>
    </Form.Item>
  );
}
