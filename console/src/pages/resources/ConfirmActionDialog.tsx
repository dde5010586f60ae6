import { App, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  danger?: boolean;
  /** Runs the action; a rejection keeps the dialog open (the failure was already reported). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** The confirm dialog for collect, cancel collect, pause and resume scheduling. */
export function ConfirmActionDialog(props: ConfirmActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    if (running) return;
    setRunning(true);
    try {
      await props.onConfirm();
      void message.success(t('resources.confirm.succeeded'));
      props.onClose();
    } catch {
      // The base query has already told the user why; they may retry or cancel.
    } finally {
      setRunning(false);
    }
  };

  // Unmounted when closed, so nothing of it lingers behind the close animation.
  if (!props.open) return null;
  return (
    <Modal
      open
      title={props.title}
      okText={t('resources.confirm.ok')}
      cancelText={t('resources.confirm.cancel')}
      okButtonProps={{ danger: props.danger, 'data-testid': 'confirm-action-ok' }}
      confirmLoading={running}
      onOk={() => void confirm()}
      onCancel={props.onClose}
    >
      <Typography.Paragraph data-testid="confirm-action-text">
        {props.children}
      </Typography.Paragraph>
    </Modal>
  );
}
