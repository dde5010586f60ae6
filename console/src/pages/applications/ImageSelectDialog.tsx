import { isImageReference } from '@nimbus/api/shared';
import { App, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §4 image select modes; only 'input' exists until registries add 'select'. */
export type ImageSelectMode = 'input';

/**
 * SPEC §2's image select dialog (600px) in input mode: type host/image:tag by hand. OK emits only
 * a well-formed reference; leaving with an unchosen image asks first (SPEC §5).
 */
export function ImageSelectDialog({
  open,
  initial,
  onChoose,
  onClose,
}: {
  open: boolean;
  initial: string | undefined;
  onChoose: (image: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [text, setText] = useState(initial ?? '');
  const image = text.trim();
  const valid = image !== '' && isImageReference(image);

  const close = () => {
    if (image === '' || image === (initial ?? '').trim()) {
      onClose();
      return;
    }
    void modal.confirm({
      title: t('appForm.image.leaveTitle'),
      content: t('appForm.image.leaveMessage'),
      onOk: onClose,
    });
  };

  return (
    <Modal
      open={open}
      width={600}
      title={t('appForm.image.title')}
      okText={t('appForm.image.choose')}
      okButtonProps={{ disabled: !valid, 'data-testid': 'image-select-ok' }}
      onOk={() => valid && onChoose(image)}
      onCancel={close}
      destroyOnHidden
    >
      <Radio.Group value="input" style={{ marginBottom: 12 }}>
        <Radio.Button value="input">{t('appForm.image.inputMode')}</Radio.Button>
      </Radio.Group>
      <Input
        autoFocus
        aria-label={t('appForm.image.reference')}
        data-testid="image-select-input"
        value={text}
        placeholder="registry.example.com/team/app:1.0"
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => valid && onChoose(image)}
        status={image !== '' && !valid ? 'error' : undefined}
      />
      {image !== '' && !valid && (
        <Typography.Text type="danger">{t('appForm.validation.image')}</Typography.Text>
      )}
    </Modal>
  );
}
