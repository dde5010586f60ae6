import type { ProviderKind } from '@nimbus/api/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../feedback/serverMessage';
import { useDiscoverMonitorServicesMutation } from '../../../api/monitorApi';
import { testBodyOf, type ClusterFormValues } from './clusterPayload';
import type { Discovery } from './MonitoringStep';

/**
 * The Prometheus and Alertmanager Services found in the cluster while the monitoring step shows:
 * asked with the configuration just tested (a new cluster is not saved yet), else the stored one.
 */
export function useMonitorDiscovery(
  kind: ProviderKind | undefined,
  config: ClusterFormValues | undefined,
  organizationId: string,
  active: boolean,
): Discovery {
  const { t } = useTranslation();
  const [discover, result] = useDiscoverMonitorServicesMutation();
  useEffect(() => {
    if (!active || !kind || !config) return undefined;
    const request = discover({
      kind,
      cluster: config.name,
      ...testBodyOf(kind, config, organizationId),
    });
    return () => request.abort();
  }, [active, kind, config, organizationId, discover]);
  if (result.isError) return { state: 'failed', message: failureMessage(result.error, t) };
  if (result.isSuccess) return { state: 'done', candidates: result.data };
  return { state: 'running' };
}
