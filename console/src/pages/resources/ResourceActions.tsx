import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { DeleteConfirmDialog } from '../../components/admin/DeleteConfirmDialog';
import { actionShown } from '../../resources/descriptors/actionAccess';
import type { ActionDescriptor, ResourceContext } from '../../resources/descriptors/types';
import { listPath } from '../../resources/resourceKinds';
import { useDerivedRole } from '../../shell/useShellData';
import { ConfirmActionDialog } from './ConfirmActionDialog';

/** The kind's actions the caller may run on the object, each behind its SPEC §5 confirmation. */
export function ResourceActions({ context }: { context: ResourceContext }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const role = useDerivedRole();
  const [confirming, setConfirming] = useState<ActionDescriptor>();
  const shown = context.descriptor.actions.filter((action) => actionShown(action, context, role));
  const close = () => setConfirming(undefined);

  const run = async (action: ActionDescriptor) => {
    await action.run(context, dispatch);
    if (action.after === 'list') void navigate(listPath(context.descriptor.kind));
  };

  const { name } = context.address;
  const dialog =
    confirming?.confirm.kind === 'typeName' ? (
      <DeleteConfirmDialog
        name={name}
        title={t(confirming.confirm.titleKey)}
        onConfirm={() => run(confirming)}
        onClose={close}
      />
    ) : confirming?.confirm.kind === 'confirm' ? (
      <ConfirmActionDialog
        open
        danger={confirming.danger}
        title={t(confirming.confirm.titleKey)}
        onConfirm={() => run(confirming)}
        onClose={close}
      >
        {t(confirming.confirm.textKey, { name })}
      </ConfirmActionDialog>
    ) : null;

  return (
    <Flex gap="small" wrap data-testid="resource-actions">
      {shown.map((action) => (
        <Button
          key={action.id}
          danger={action.danger}
          data-testid={`resource-action-${action.id}`}
          onClick={() => setConfirming(action)}
        >
          {t(action.labelKey)}
        </Button>
      ))}
      {dialog}
    </Flex>
  );
}
