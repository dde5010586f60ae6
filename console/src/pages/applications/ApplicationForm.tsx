import type { ClusterLocation } from '@nimbus/api';
import type { ApplicationKind } from '@nimbus/api/shared';
import { Alert, Button, Flex, Form, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { envelopeCodeOf } from '../../apiClient/envelope';
import { ResponseCode } from '../../constants';
import { useCreateApplicationMutation } from '../../api/applicationApi';
import { failureMessage } from '../../feedback/serverMessage';
import { useLazyListClusterRegistriesQuery } from '../../api/registryApi';
import { useCreateRegistryPullSecretMutation } from '../../api/resourceFormsApi';
import { useSubmit } from '../../components/admin/useSubmit';
import { UnsavedChangesPrompt } from '../../components/forms/UnsavedChangesPrompt';
import { BasicStep } from './BasicStep';
import { ContainerSection, PodLevelFields, type ContainerEditing } from './PodStep';
import { ServiceStep } from './ServiceStep';
import { createWithPullSecrets, PullSecretFailed } from './pullSecrets';
import {
  applicationBody,
  type ApplicationFormValues,
  type ContainerValues,
  type ServiceValues,
} from './applicationValues';

/** The operator's code for a name that is already taken. */

/** The fields each step validates before the next one opens. */
const STEP_FIELDS = [
  [
    'kind',
    'location',
    'namespace',
    'name',
    'labelsText',
    'annotationsText',
    'replicas',
    'terminationGracePeriodSeconds',
    'podManagementPolicy',
    'updateStrategy',
    'partition',
    ['cron'],
  ],
  [
    ['hostAliases'],
    ['nodeAffinity'],
    ['podAffinity'],
    ['podAntiAffinity'],
    ['tolerations'],
    ['autoscale'],
  ],
] as const;

export interface CreatedApplication extends ClusterLocation {
  kind: ApplicationKind;
  name: string;
  namespace: string;
}

/**
 * The shared application form in three steps (basic, pod, service). Containers and the
 * service are edited in sub-forms that must be saved before anything else changes;
 * changing the location or namespace clears the containers, which refer to its config maps.
 */
export function ApplicationForm({
  fixedKind,
  onCreated,
}: {
  /** The kind of /add/<Kind>; undefined on /add/Application, where the user picks it. */
  fixedKind: ApplicationKind | undefined;
  onCreated: (created: CreatedApplication) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplicationFormValues>();
  const [step, setStep] = useState(0);
  const [containers, setContainers] = useState<ContainerValues[]>([]);
  const [editing, setEditing] = useState<ContainerEditing>();
  const [service, setService] = useState<ServiceValues>({ type: 'None' });
  const [serviceEditing, setServiceEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [containersCleared, setContainersCleared] = useState(false);
  const [missingContainer, setMissingContainer] = useState(false);
  const [create] = useCreateApplicationMutation();
  const [createPullSecret] = useCreateRegistryPullSecretMutation();
  const [listRegistries] = useLazyListClusterRegistriesQuery();
  const [pullSecretError, setPullSecretError] = useState<string>();
  const kind: ApplicationKind = Form.useWatch('kind', form) ?? fixedKind ?? 'Deployment';
  const location = Form.useWatch<ClusterLocation | undefined>('location', form);
  const namespace = Form.useWatch<string | undefined>('namespace', form);
  const busy = editing !== undefined || serviceEditing;
  const scope = location && namespace ? { cluster: location.cluster, namespace } : undefined;

  const onValuesChange = (changed: Partial<ApplicationFormValues>) => {
    setDirty(true);
    if ('location' in changed) form.setFieldValue('namespace', undefined);
    if (('location' in changed || 'namespace' in changed) && containers.length > 0) {
      setContainers([]);
      setEditing(undefined);
      setContainersCleared(true);
    }
  };

  const checkStep = async (index: number): Promise<boolean> => {
    try {
      await form.validateFields(STEP_FIELDS[index] as unknown as string[], { recursive: true });
    } catch {
      return false;
    }
    if (index === 1 && containers.length === 0) {
      setMissingContainer(true);
      return false;
    }
    return true;
  };

  const goTo = async (target: number) => {
    if (busy) return;
    for (let index = 0; index < target; index += 1) {
      if (!(await checkStep(index))) {
        setStep(index);
        return;
      }
    }
    setStep(target);
  };

  const { submitting, onFinish } = useSubmit(
    async (values: ApplicationFormValues) => {
      const target = values.location as ClusterLocation;
      const namespace = values.namespace ?? '';
      const body = applicationBody({ ...values, kind }, containers, service);
      setPullSecretError(undefined);
      try {
        await createWithPullSecrets(body, containers, {
          registries: () => listRegistries(target.cluster, true).unwrap(),
          createPullSecret: (need) =>
            createPullSecret({
              ...target,
              namespace,
              name: need.secretName,
              registryId: need.registryId,
            }).unwrap(),
          createApplication: (sent) => create({ ...target, namespace, body: sent }).unwrap(),
        });
      } catch (error) {
        if (error instanceof PullSecretFailed) {
          const { secretName, registryName } = error.need;
          setPullSecretError(
            t('appForm.pullSecret.failed', {
              secret: secretName,
              registry: registryName,
              reason: failureMessage(error.reason, t),
            }),
          );
        } else if (envelopeCodeOf(error) === ResponseCode.conflict) {
          setStep(0);
          form.setFields([
            { name: 'name', errors: [t('appForm.validation.duplicate', { name: body.name })] },
          ]);
        }
        throw error;
      }
      return { ...target, kind, name: body.name, namespace };
    },
    (created) => {
      setDirty(false);
      onCreated(created);
    },
  );

  const submit = async () => {
    if (busy) return;
    for (const index of [0, 1]) {
      if (!(await checkStep(index))) {
        setStep(index);
        return;
      }
    }
    onFinish(form.getFieldsValue(true));
  };

  const saveContainer = (values: ContainerValues) => {
    setContainers((list) =>
      editing === 'new' || editing === undefined
        ? [...list, values]
        : list.map((item, index) => (index === editing ? values : item)),
    );
    setEditing(undefined);
    setMissingContainer(false);
    setContainersCleared(false);
    setDirty(true);
  };

  const steps = [t('appForm.steps.basic'), t('appForm.steps.pod'), t('appForm.steps.service')];
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 1080 }} data-testid="application-form">
      <UnsavedChangesPrompt dirty={dirty && !submitting} />
      <Steps
        current={step}
        onChange={(next) => void goTo(next)}
        items={steps.map((title) => ({ title, disabled: busy }))}
      />
      {busy && (
        <Alert type="warning" showIcon message={t('appForm.blocked')} data-testid="app-blocked" />
      )}
      <Form<ApplicationFormValues>
        form={form}
        component={false}
        layout="vertical"
        name="application-create"
        disabled={busy}
        initialValues={{ kind: fixedKind ?? 'Deployment' }}
        onValuesChange={onValuesChange}
      >
        <div hidden={step !== 0} data-testid="step-basic">
          <BasicStep kind={kind} kindChoosable={fixedKind === undefined} />
        </div>
        <div hidden={step !== 1} data-testid="step-pod">
          {containersCleared && (
            <Alert
              type="info"
              showIcon
              message={t('appForm.container.cleared')}
              style={{ marginBottom: 12 }}
              data-testid="containers-cleared"
            />
          )}
          <ContainerSection
            containers={containers}
            editing={editing}
            scope={scope}
            onEdit={setEditing}
            onSave={saveContainer}
            onRemove={(index) => {
              setContainers((list) => list.filter((_c, i) => i !== index));
              setDirty(true);
            }}
            onCancel={() => setEditing(undefined)}
          />
          {missingContainer && (
            <Alert
              type="error"
              message={t('appForm.validation.containerRequired')}
              style={{ marginTop: 8 }}
            />
          )}
          <PodLevelFields kind={kind} />
        </div>
        <div hidden={step !== 2} data-testid="step-service">
          {kind === 'CronJob' ? (
            <Alert type="info" message={t('appForm.service.noneForCronJob')} />
          ) : (
            <ServiceStep
              service={service}
              containerPorts={containers.flatMap((container) =>
                container.containerPort ? [container.containerPort] : [],
              )}
              editing={serviceEditing}
              disabled={busy}
              onEdit={() => setServiceEditing(true)}
              onSave={(values) => {
                setService(values);
                setServiceEditing(false);
                setDirty(true);
              }}
              onCancel={() => setServiceEditing(false)}
            />
          )}
        </div>
      </Form>
      {pullSecretError && (
        <Alert
          type="error"
          showIcon
          message={pullSecretError}
          data-testid="app-pull-secret-error"
        />
      )}
      <Flex gap="small">
        {step > 0 && (
          <Button disabled={busy} onClick={() => setStep(step - 1)} data-testid="app-previous">
            {t('appForm.previous')}
          </Button>
        )}
        {step < 2 ? (
          <Button
            type="primary"
            disabled={busy}
            onClick={() => void goTo(step + 1)}
            data-testid="app-next"
          >
            {t('appForm.next')}
          </Button>
        ) : (
          <Button
            type="primary"
            disabled={busy}
            loading={submitting}
            onClick={() => void submit()}
            data-testid="app-submit"
          >
            {t('appForm.submit')}
          </Button>
        )}
        <Link to={`/list/${kind}`}>{t('appForm.cancel')}</Link>
      </Flex>
    </Flex>
  );
}
