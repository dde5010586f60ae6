import { Button, Flex } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { DeleteConfirmDialog } from '../../components/admin/DeleteConfirmDialog';
import { actionShown } from '../../resources/descriptors/actionAccess';
import type { ActionDescriptor, ResourceContext } from '../../resources/descriptors/types';
import { listPath } from '../../resources/resourceKinds';
import { useDerivedRole } from '../../appState/useAppData';
import { ConfirmActionDialog } from './ConfirmActionDialog';
import { useFocusReturn } from '../../components/dialogs/useFocusReturn';

/** The kind's actions the caller may run on the object, each behind its confirmation. */
export function ResourceActions({ context }: { context: ResourceContext }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const role = useDerivedRole();
  const [confirming, setConfirming] = useState<ActionDescriptor>();
  const shown = context.descriptor.actions.filter((action) => actionShown(action, context, role));
  // A dialog closes only itself: a later action's dialog stays open when an earlier one finishes.
  const focus = useFocusReturn();
  const closeFor = (action: ActionDescriptor) => () => {
    setConfirming((current) => (current === action ? undefined : current));
    focus.giveBack();
  };

  const run = async (action: ActionDescriptor) => {
    await action.run?.(context, dispatch);
    if (action.after === 'list') void navigate(listPath(context.descriptor.kind));
  };

  const { name } = context.address;
  const InputDialog = confirming?.dialog;
  // An input dialog starts from the object (the replicas to scale from, the image to hotfix): one
  // asked for before the object is read opens once it is, not with defaults in its place (a
  // Scale that offered 1 for a Deployment of 2 would scale it down with one Enter).
  const dialog = InputDialog ? (
    context.object === undefined ? null : (
      <Suspense fallback={null}>
        <InputDialog
          key={confirming.id}
          context={context}
          title={t(confirming.confirm.titleKey)}
          onClose={closeFor(confirming)}
        />
      </Suspense>
    )
  ) : confirming?.confirm.kind === 'typeName' ? (
    <DeleteConfirmDialog
      key={confirming.id}
      name={name}
      title={t(confirming.confirm.titleKey, { name })}
      onConfirm={() => run(confirming)}
      onClose={closeFor(confirming)}
    />
  ) : confirming?.confirm.kind === 'confirm' ? (
    <ConfirmActionDialog
      key={confirming.id}
      open
      danger={confirming.danger}
      title={t(confirming.confirm.titleKey)}
      onConfirm={() => run(confirming)}
      onClose={closeFor(confirming)}
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
          onClick={() => {
            focus.remember();
            setConfirming(action);
          }}
        >
          {t(action.labelKey)}
        </Button>
      ))}
      {dialog}
    </Flex>
  );
}
