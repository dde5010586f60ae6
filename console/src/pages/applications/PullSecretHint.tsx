import type { RegistryView } from '@nimbus/api';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pullSecretFor } from './pullSecrets';

/** Says which pull secret the image will be pulled with; nothing when it needs none. */
export function PullSecretHint({
  registryId,
  registries,
  compact = false,
}: {
  registryId: string | undefined;
  registries: readonly RegistryView[] | undefined;
  /** A tag in the container list instead of the editor's sentence. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const need = pullSecretFor({ registryId }, registries);
  if (!need) return null;
  const values = { secret: need.secretName, registry: need.registryName };
  return compact ? (
    <Tag color="blue" data-testid="container-pull-secret">
      {t('appForm.pullSecret.tag', values)}
    </Tag>
  ) : (
    <Typography.Text type="secondary" data-testid="container-pull-secret">
      {t('appForm.pullSecret.willUse', values)}
    </Typography.Text>
  );
}
