import type { NodeAddress } from '@nimbus/api';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetNodeUnschedulableMutation } from '../../api/nodeApi';
import { ConfirmActionDialog } from '../resources/ConfirmActionDialog';

/** Pause (cordon) or resume (uncordon) scheduling on a node, after confirmation. */
export function NodeScheduleButton({
  address,
  unschedulable,
}: {
  address: NodeAddress;
  unschedulable: boolean;
}) {
  const { t } = useTranslation();
  const [setUnschedulable] = useSetNodeUnschedulableMutation();
  const [confirming, setConfirming] = useState(false);
  const pausing = !unschedulable;
  return (
    <>
      <Button
        data-testid={pausing ? 'node-cordon' : 'node-uncordon'}
        danger={pausing}
        icon={pausing ? <PauseCircleOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {t(pausing ? 'resources.node.cordon' : 'resources.node.uncordon')}
      </Button>
      <ConfirmActionDialog
        open={confirming}
        danger={pausing}
        title={t(pausing ? 'resources.node.cordonTitle' : 'resources.node.uncordonTitle')}
        onConfirm={() => setUnschedulable({ ...address, unschedulable: pausing }).unwrap()}
        onClose={() => setConfirming(false)}
      >
        {t(pausing ? 'resources.node.cordonText' : 'resources.node.uncordonText', {
          name: address.node,
        })}
      </ConfirmActionDialog>
    </>
  );
}
