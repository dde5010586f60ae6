import { Tag } from 'antd';
import { releaseStatusColour, useReleaseStatusText } from './releaseStatus';

/** A Helm release's status as a coloured tag, in the console's language. */
export function ReleaseStatusTag({ status }: { status: string }) {
  const statusText = useReleaseStatusText();
  return <Tag color={releaseStatusColour(status)}>{statusText(status)}</Tag>;
}
