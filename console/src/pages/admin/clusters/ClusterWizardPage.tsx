import type { ProviderKind } from '@nimbus/api/shared';
import { OrganizationNote } from '../../../components/forms/OrganizationNote';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Empty, Flex, Space, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  isProviderKind,
  useCreateClusterMutation,
  useListProvidersQuery,
  useListSupportedProvidersQuery,
  useUpdateClusterMutation,
} from '../../../api/clusterApi';
import { currentOrganizationId } from '../../../components/admin/session';
import { MAX_PAGE_SIZE } from '../../../components/admin/useListParams';
import { useSubmit } from '../../../components/admin/useSubmit';
import { ADMIN_PATHS, EDIT_PARAM } from '../adminPaths';
import {
  useCreateMonitorMutation,
  useDeleteMonitorMutation,
  useLazyListMonitorsQuery,
  useListMonitorsQuery,
  useUpdateMonitorMutation,
} from '../../../api/monitorApi';
import { createBodyOf, settingsOf, type ClusterFormValues } from './clusterPayload';
import { CompleteStep } from './CompleteStep';
import { ConfigurationStep } from './ConfigurationStep';
import { MonitoringStep } from './MonitoringStep';
import {
  monitorChanges,
  monitoringValuesOf,
  NEW_MONITORING,
  type MonitorChange,
  type MonitoringValues,
} from './monitorPlan';
import { ProviderStep } from './ProviderStep';
import { useMonitorDiscovery } from './useMonitorDiscovery';
import { useDerivedRole } from '../../../appState/useAppData';

enum Step {
  Provider,
  Configuration,
  Monitoring,
  Complete,
}

/** The cluster being edited, found in the organization's list (there is no single-cluster GET). */
function useEditedCluster(name: string | null, organizationId: string) {
  const { data, isFetching } = useListProvidersQuery(
    { organizationId, page: 1, pageSize: MAX_PAGE_SIZE, search: name ?? undefined },
    { skip: !name || !organizationId },
  );
  const found = data?.items.find((cluster) => cluster.name === name);
  return { loading: isFetching, cluster: found && isProviderKind(found.kind) ? found : undefined };
}

/** Stores the monitoring step's values through the monitors API, one call per changed type. */
function useSaveMonitoring(organizationId: string) {
  const [loadMonitors] = useLazyListMonitorsQuery();
  const [createMonitor] = useCreateMonitorMutation();
  const [updateMonitor] = useUpdateMonitorMutation();
  const [deleteMonitor] = useDeleteMonitorMutation();
  const apply = (change: MonitorChange) => {
    if (change.method === 'DELETE') return deleteMonitor(change.id).unwrap();
    return (change.method === 'POST' ? createMonitor : updateMonitor)(change.body).unwrap();
  };
  return async (cluster: string, values: MonitoringValues) => {
    // Read again: an earlier attempt may have stored some of them before failing.
    const stored = await loadMonitors(cluster, false).unwrap();
    for (const change of monitorChanges(stored, values, organizationId, cluster)) {
      await apply(change);
    }
  };
}

/** The add-cluster wizard; with ?edit=<name> it changes a registered cluster. */
export default function ClusterWizardPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const editName = useSearchParams()[0].get(EDIT_PARAM);
  const edited = useEditedCluster(editName, organizationId);
  const supported = useListSupportedProvidersQuery(undefined);
  const [chosenKind, setChosenKind] = useState<ProviderKind | undefined>();
  const [chosenStep, setStep] = useState<Step>(Step.Provider);
  const [config, setConfig] = useState<ClusterFormValues | undefined>();
  const [monitoring, setMonitoring] = useState<MonitoringValues>({});
  /** The cluster this wizard already created, so a retry after a refused monitor skips it. */
  const [created, setCreated] = useState<string | undefined>();
  const [createCluster] = useCreateClusterMutation();
  const [updateCluster] = useUpdateClusterMutation();
  const saveMonitoring = useSaveMonitoring(organizationId);
  const storedMonitors = useListMonitorsQuery(editName ?? '', { skip: !editName });
  const directAllowed = useDerivedRole() === 'system-admin';

  const editing = editName !== null;
  const kind = editing ? (edited.cluster?.kind as ProviderKind | undefined) : chosenKind;
  // An edit starts at the configuration: the kind of a registered cluster cannot change.
  const step = editing && chosenStep === Step.Provider ? Step.Configuration : chosenStep;
  const discovery = useMonitorDiscovery(kind, config, organizationId, step === Step.Monitoring);

  const { submitting, onFinish } = useSubmit(
    async (values: MonitoringValues) => {
      if (!kind || !config) throw new Error('the wizard has no tested configuration');
      if (editing) {
        const settings = settingsOf(kind, config, organizationId);
        await updateCluster({ kind, cluster: config.name, ...settings }).unwrap();
      } else if (created !== config.name) {
        await createCluster({ kind, ...createBodyOf(kind, config, organizationId) }).unwrap();
        setCreated(config.name);
      }
      await saveMonitoring(config.name, values);
      setMonitoring(values);
    },
    () => setStep(Step.Complete),
  );

  const title = t(editing ? 'admin.clusters.editTitle' : 'admin.clusters.addTitle');
  const header = (
    <Space align="center">
      <Link to={ADMIN_PATHS.clusters} aria-label={t('admin.common.back')}>
        <ArrowLeftOutlined />
      </Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
    </Space>
  );

  const body = () => {
    if (editing && edited.loading) return <Spin />;
    if (editing && !edited.cluster) return <Empty description={t('admin.clusters.notFound')} />;
    if (step === Step.Provider || !kind) {
      return (
        <ProviderStep
          supported={supported}
          selected={chosenKind}
          onChoose={(next) => {
            if (next !== chosenKind) setConfig(undefined);
            setChosenKind(next);
            setStep(Step.Configuration);
          }}
        />
      );
    }
    return (
      <>
        {/* Kept mounted while later steps show, so going back keeps what was typed. */}
        <div hidden={step !== Step.Configuration}>
          <ConfigurationStep
            key={kind}
            kind={kind}
            organizationId={organizationId}
            editing={editing ? (editName ?? undefined) : undefined}
            initialValues={
              edited.cluster && { name: edited.cluster.name, region: edited.cluster.regionID }
            }
            onBack={editing ? undefined : () => setStep(Step.Provider)}
            onNext={(values, registered) => {
              setConfig(values);
              // Registered with a command: the cluster exists; only its monitors are left.
              if (registered) setCreated(values.name);
              setStep(Step.Monitoring);
            }}
          />
        </div>
        {step === Step.Monitoring && editing && storedMonitors.isLoading && <Spin />}
        {step === Step.Monitoring && !(editing && storedMonitors.isLoading) && (
          <MonitoringStep
            initialValues={editing ? monitoringValuesOf(storedMonitors.data ?? []) : NEW_MONITORING}
            discovery={discovery}
            directAllowed={directAllowed}
            submitting={submitting}
            onBack={() => setStep(Step.Configuration)}
            onSubmit={onFinish}
          />
        )}
        {step === Step.Complete && config && (
          <CompleteStep name={config.name} edited={editing} monitoring={monitoring} />
        )}
      </>
    );
  };

  return (
    <Flex vertical gap="large" style={{ padding: 24 }} data-testid="cluster-wizard">
      {header}
      <OrganizationNote />
      <Steps
        current={step}
        items={[
          { title: t('admin.clusters.steps.provider') },
          { title: t('admin.clusters.steps.configuration') },
          { title: t('admin.clusters.steps.monitoring') },
          { title: t('admin.clusters.steps.complete') },
        ]}
      />
      {body()}
    </Flex>
  );
}
