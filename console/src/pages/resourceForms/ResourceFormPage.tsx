import type { ClusterLocation } from '@nimbus/api';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CreatedResult } from '../../components/CreatedResult';
import { detailPath } from '../../resources/detailPath';
import { useProviderName } from '../../clusters/VendorLogo';

/** What a creation form made: enough for the success page and its link to the detail page. */
export type CreatedKind =
  | 'Service'
  | 'Ingress'
  | 'ConfigMap'
  | 'Secret'
  | 'PersistentVolume'
  | 'PersistentVolumeClaim'
  | 'StorageClass';

export interface CreatedTarget extends ClusterLocation {
  /** The Kind, as `/detail/:type` names it. */
  kind: CreatedKind;
  name: string;
  namespace?: string;
}

/** The created target of a request body that carries its location, name and namespace. */
export function createdTarget(
  kind: CreatedKind,
  body: ClusterLocation & { name: string; namespace?: string },
): CreatedTarget {
  const { vendor, region, cluster, name, namespace } = body;
  return { kind, vendor, region, cluster, name, ...(namespace ? { namespace } : {}) };
}

export interface CreateFormProps {
  onCreated: (target: CreatedTarget) => void;
}

/** A creation form, then the success page; "submit again" brings back an empty form. */
export function ResourceFormPage({ Form }: { Form: ComponentType<CreateFormProps> }) {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const [created, setCreated] = useState<CreatedTarget>();
  // A new key gives a fresh, empty form after "submit again".
  const [formKey, setFormKey] = useState(0);
  if (!created) return <Form key={formKey} onCreated={setCreated} />;
  const kindLabel = t(`resourceForms.kinds.${created.kind}`);
  const where = [providerName(created.vendor), created.region, created.cluster, created.namespace]
    .filter(Boolean)
    .join(' / ');
  return (
    <CreatedResult
      title={t('resourceForms.created.title', { kind: kindLabel, name: created.name })}
      subTitle={where}
      onSubmitAgain={() => {
        setCreated(undefined);
        setFormKey((key) => key + 1);
      }}
      view={{
        path: detailPath({ ...created, type: created.kind }),
        label: t('resourceForms.created.view', { kind: kindLabel }),
      }}
    />
  );
}
