import type { OrgView } from '@nimbus/api';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateOrganizationMutation } from '../../../api/iamApi';
import { useSubmit } from '../../../components/admin/useSubmit';
import { OrganizationForm, type OrganizationFormValues } from './OrganizationForm';

export interface OrganizationEditDialogProps {
  /** The organization being edited; the dialog is closed while undefined. */
  organization: OrgView | undefined;
  onClose: () => void;
}

/** Edits an organization; its name cannot change. */
export function OrganizationEditDialog({ organization, onClose }: OrganizationEditDialogProps) {
  const { t } = useTranslation();
  const [updateOrganization] = useUpdateOrganizationMutation();
  const { submitting, onFinish } = useSubmit(
    (values: OrganizationFormValues) =>
      updateOrganization({
        uuid: organization?.uuid ?? '',
        cnName: values.cnName,
        contact: values.contact.trim(),
        email: values.email.trim(),
        description: values.description?.trim() ?? '',
        // Not on this form; kept as they are (GitOps may have set them).
        monitorKey: organization?.monitorKey ?? '',
        monitorValue: organization?.monitorValue ?? '',
      }).unwrap(),
    onClose,
  );

  return (
    <Modal
      open={organization !== undefined}
      title={t('admin.organizations.edit')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {organization && (
        <OrganizationForm organization={organization} submitting={submitting} onFinish={onFinish} />
      )}
    </Modal>
  );
}
