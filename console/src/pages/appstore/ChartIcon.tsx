import { AppstoreOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useChartIconQuery } from '../../api/appStoreApi';

/**
 * A chart's icon, or the app store glyph. The console's CSP lets images come only from Nimbus or
 * data: URLs: an icon URL is read by the operator and answered as a data: URL, so the browser
 * never contacts the chart's icon host.
 */
export function ChartIcon({
  icon,
  name,
  source,
  version,
  size = 48,
}: {
  icon?: string | undefined;
  name: string;
  source: string;
  version: string;
  size?: number;
}) {
  const inline = icon?.startsWith('data:image/') ? icon : undefined;
  const remote = icon !== undefined && /^https?:\/\//.test(icon);
  const { data } = useChartIconQuery({ source, name, version }, { skip: !remote });
  const shown = inline ?? (remote ? data?.dataUrl : undefined);
  return (
    <Avatar
      shape="square"
      size={size}
      alt={name}
      data-testid="chart-icon"
      icon={<AppstoreOutlined />}
      {...(shown ? { src: shown, onError: () => true } : {})}
    />
  );
}
