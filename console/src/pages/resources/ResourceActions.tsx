import { Button, Flex, Tooltip } from 'antd';
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

/**
 * The kind's actions the caller may run on the object, each behind its confirmation.
 * `unreadable`: the object could not be read, so an action whose dialog starts from it cannot
 * start (it says why); one asked for while the object loads shows that it waits.
 */
export function ResourceActions({
  context,
  unreadable = false,
}: {
  context: ResourceContext;
  unreadable?: boolean;
}) {
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

  // Asked for while the object loaded, and the read failed: it is not opened later by surprise.
  // Adjusted while rendering, when the read turns out to have failed (React's "storing
  // information from previous renders"), not in an effect after the paint.
  const [failedBefore, setFailedBefore] = useState(unreadable);
  if (unreadable !== failedBefore) {
    setFailedBefore(unreadable);
    if (unreadable && confirming?.dialog) setConfirming(undefined);
  }

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
      {shown.map((action) => {
        const needsObject = action.dialog !== undefined;
        const button = (
          <Button
            key={action.id}
            danger={action.danger}
            disabled={needsObject && unreadable}
            loading={needsObject && confirming === action && context.object === undefined}
            data-testid={`resource-action-${action.id}`}
            onClick={() => {
              focus.remember();
              setConfirming(action);
            }}
          >
            {t(action.labelKey)}
          </Button>
        );
        // A disabled button gets no pointer events: the reason hangs on its wrapper.
        return needsObject && unreadable ? (
          <Tooltip key={action.id} title={t('resources.detail.actionNeedsObject')}>
            <span data-testid={`resource-action-${action.id}-why`}>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {dialog}
    </Flex>
  );
}
