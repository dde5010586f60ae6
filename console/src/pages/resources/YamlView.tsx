import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton';
import { LAST_APPLIED_ANNOTATION, type KubeObject } from '../../resources/kubeObject';
import { toYaml } from '../../resources/toYaml';

/** kubectl's last-applied copy repeats the object; it is hidden here as in the editors. */
export function withoutLastApplied(object: KubeObject): KubeObject {
  const annotations = object.metadata?.annotations;
  if (!annotations || !(LAST_APPLIED_ANNOTATION in annotations)) return object;
  const { [LAST_APPLIED_ANNOTATION]: _hidden, ...kept } = annotations;
  return { ...object, metadata: { ...object.metadata, annotations: kept } };
}

/** The object as read-only YAML. */
export function YamlView({ object }: { object: KubeObject }) {
  const { t } = useTranslation();
  const text = useMemo(() => toYaml(withoutLastApplied(object)), [object]);
  return (
    <Card size="small" title={t('resources.detail.yaml')} extra={<CopyButton text={text} />}>
      {/* Focusable, so that a keyboard can scroll a long object. */}
      <pre
        data-testid="resource-yaml"
        tabIndex={0}
        role="region"
        aria-label={t('resources.detail.yaml')}
        style={{ margin: 0, maxHeight: 480, overflow: 'auto', fontSize: 12 }}
      >
        {text}
      </pre>
    </Card>
  );
}
