import { App, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeToConfirm } from './TypeToConfirm';

export interface DeleteConfirmDialogProps {
  /** The name the user has to type; the dialog is closed while it is undefined. */
  name: string | undefined;
  /** Dialog title, e.g. "Delete user group". */
  title: string;
  /** Label of the confirm button; "Delete" unless given. */
  confirmLabel?: string;
  /** Runs the deletion; a rejection keeps the dialog open (the failure was already reported). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Confirms a deletion by having the user type the exact name of what goes away. */
export function DeleteConfirmDialog({
  name,
  title,
  confirmLabel,
  onConfirm,
  onClose,
}: DeleteConfirmDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const matches = name !== undefined && typed === name;

  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = async () => {
    if (!matches || deleting) return;
    setDeleting(true);
    try {
      await onConfirm();
      void message.success(t('admin.common.operationSucceeded'));
      close();
    } catch {
      // The base query has already told the user why; they may retry or cancel.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal
      open={name !== undefined}
      title={title}
      okText={confirmLabel ?? t('admin.common.delete')}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, 'aria-disabled': !matches }}
      confirmLoading={deleting}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('admin.deleteConfirm.warning')}</Typography.Paragraph>
      <TypeToConfirm
        prompt={t('admin.deleteConfirm.prompt', { name })}
        value={typed}
        onChange={setTyped}
        onConfirm={() => void confirm()}
      />
    </Modal>
  );
}
