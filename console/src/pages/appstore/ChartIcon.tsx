import { AppstoreOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';

/** A chart's icon when the browser may show it; the app store glyph otherwise. */
export function ChartIcon({
  icon,
  name,
  size = 48,
}: {
  icon?: string;
  name: string;
  size?: number;
}) {
  const shown = icon && /^(https:|data:image\/)/.test(icon) ? icon : undefined;
  return (
    <Avatar
      shape="square"
      size={size}
      alt={name}
      icon={<AppstoreOutlined />}
      {...(shown ? { src: shown, onError: () => true } : {})}
    />
  );
}
