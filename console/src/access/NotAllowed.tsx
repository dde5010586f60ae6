import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponseCode } from '../constants';
import type { EnvelopeErrorData } from '../apiClient/envelope';

/** A refusal (9997) of a failed query: the server's message and the permission it names, if any. */
export function refusalOf(error: unknown): { message: string; permission?: string } | undefined {
  const data = (error as { data?: Partial<EnvelopeErrorData> } | undefined)?.data;
  if (data?.code !== ResponseCode.noPermission) return undefined;
  const permission = (data.detail as { missingPermission?: unknown } | undefined)
    ?.missingPermission;
  return {
    message: data.message ?? '',
    ...(typeof permission === 'string' ? { permission } : {}),
  };
}

/** "Not allowed", and which permission the caller's role lacks (or the server's message). */
export function NotAllowedResult({
  permission,
  message,
}: {
  permission?: string;
  message?: string;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('notAllowed.title')}
      subTitle={permission ? t('notAllowed.missingPermission', { permission }) : message}
      data-testid="not-allowed"
    />
  );
}

/**
 * What a page shows instead of its empty state when the server refused it: "not allowed", and
 * which permission the caller's role lacks.
 */
export function NotAllowed({ error }: { error: unknown }) {
  const refusal = refusalOf(error);
  if (!refusal) return null;
  return <NotAllowedResult {...refusal} />;
}
