import type { RegistryKind } from '@nimbus/api/shared';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganizationNote } from '../../../components/forms/OrganizationNote';
import { Link, useSearchParams } from 'react-router';
import {
  useCreateRegistryMutation,
  useListSupportedRegistriesQuery,
  useUpdateRegistryMutation,
} from '../../../api/registryApi';
import { currentOrganizationId } from '../../../components/admin/session';
import { useSubmit } from '../../../components/admin/useSubmit';
import { ADMIN_PATHS, EDIT_PARAM } from '../adminPaths';
import { ConfigurationStep, type RegistryFormValues } from './ConfigurationStep';
import { KindStep } from './KindStep';
import { useRegistryNamed } from './useRegistryNamed';

enum Step {
  Kind,
  Configuration,
  Complete,
}

/**
 * The add-registry wizard: choose registry; configuration and test connection; complete.
 * With ?edit=<name> it changes a stored registry: its kind and name are fixed, and its
 * credentials, which are never shown, are kept unless new ones are entered.
 */
export default function RegistryWizardPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const editName = useSearchParams()[0].get(EDIT_PARAM);
  const edited = useRegistryNamed(editName, organizationId);
  const supported = useListSupportedRegistriesQuery(undefined);
  const [chosenKind, setKind] = useState<RegistryKind | undefined>();
  const [chosenStep, setStep] = useState<Step>(Step.Kind);
  const [createdName, setCreatedName] = useState('');
  const [createRegistry] = useCreateRegistryMutation();
  const [updateRegistry] = useUpdateRegistryMutation();
  const editing = editName !== null;
  const kind = editing ? edited.registry?.kind : chosenKind;
  const step = editing && chosenStep === Step.Kind ? Step.Configuration : chosenStep;
  const info = supported.data?.find((item) => item.kind === kind);

  const { submitting, onFinish } = useSubmit(
    async (values: RegistryFormValues) => {
      if (!kind) throw new Error('no registry kind chosen');
      const body = { ...values, kind, organizationId };
      return (editing ? updateRegistry(body) : createRegistry(body)).unwrap();
    },
    (created) => {
      setCreatedName(created.name);
      setStep(Step.Complete);
    },
  );

  return (
    <Flex vertical gap="large" style={{ padding: 24 }} data-testid="registry-wizard">
      <Space align="center">
        <Link to={ADMIN_PATHS.registries} aria-label={t('registries.back')}>
          <ArrowLeftOutlined />
        </Link>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {editing ? t('registries.editTitle', { name: editName }) : t('registries.addTitle')}
        </Typography.Title>
      </Space>
      <OrganizationNote />
      <Steps
        current={step}
        items={[
          { title: t('registries.steps.kind') },
          { title: t('registries.steps.configuration') },
          { title: t('registries.steps.complete') },
        ]}
      />
      {step === Step.Kind && (
        <KindStep
          kinds={supported.data ?? []}
          selected={kind}
          onChoose={(next) => {
            setKind(next);
            setStep(Step.Configuration);
          }}
        />
      )}
      {step === Step.Configuration && kind && info && (
        <ConfigurationStep
          key={kind}
          kind={kind}
          existing={edited.registry}
          hostExample={info.hostExample}
          fields={info.credentialFields}
          organizationId={organizationId}
          submitting={submitting}
          onBack={() => setStep(Step.Kind)}
          backHidden={editing}
          onSubmit={onFinish}
        />
      )}
      {step === Step.Complete && (
        <Result
          status="success"
          data-testid="registry-complete"
          title={t(editing ? 'registries.updatedTitle' : 'registries.completeTitle', {
            name: createdName,
          })}
          extra={
            <Link to={ADMIN_PATHS.registries}>
              <Button type="primary">{t('registries.toList')}</Button>
            </Link>
          }
        />
      )}
    </Flex>
  );
}
