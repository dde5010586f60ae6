import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { containerNamesRules, fileModeRules, mountPathRules } from './formRules';

/** Mount path, overlay, mode and mounted containers of a config map or secret. */
export function MountFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['mount', 'path']}
        label={t('resourceForms.mount.path')}
        rules={mountPathRules(t)}
      >
        <Input placeholder="/etc/config" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name={['mount', 'overlay']}
        label={t('resourceForms.mount.overlay')}
        tooltip={t('resourceForms.mount.overlayHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name={['mount', 'mode']}
        label={t('resourceForms.mount.mode')}
        rules={fileModeRules(t)}
      >
        <Input placeholder="0644" autoComplete="off" style={{ maxWidth: 160 }} />
      </Form.Item>
      <Form.Item
        name={['mount', 'containers']}
        label={t('resourceForms.mount.containers')}
        rules={containerNamesRules(t)}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          open={false}
          placeholder={t('resourceForms.mount.containersPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
