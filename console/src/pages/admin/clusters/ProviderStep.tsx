import type { ProviderKind } from '@nimbus/api/shared';
import type { ProviderInfo } from '@nimbus/api';
import { Button, Card, Col, Empty, Flex, Row, Spin, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROVIDER_KINDS } from '../../../api/clusterApi';
import { failureMessage } from '../../../feedback/serverMessage';
import { useProviderName, VendorLogo } from '../../../clusters/VendorLogo';

/** The operator's answer to which providers it supports (its query's state). */
export interface SupportedProviders {
  data?: readonly ProviderInfo[];
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface ProviderStepProps {
  /** What the operator supports; kinds missing from it or unavailable cannot be chosen. */
  supported: SupportedProviders;
  selected?: ProviderKind;
  onChoose: (kind: ProviderKind) => void;
}

/**
 * Step one: a card per provider kind; choosing one moves on. Until the operator says which kinds
 * it supports the step shows that it is loading, and why it could not when that fails, rather
 * than every card as unavailable.
 */
export function ProviderStep({ supported, selected, onChoose }: ProviderStepProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const providerName = useProviderName();
  if (supported.isLoading) {
    return (
      <Flex justify="center">
        <Spin
          description={t('admin.clusters.providersLoading')}
          data-testid="cluster-providers-loading"
        />
      </Flex>
    );
  }
  if (supported.isError && !supported.data) {
    return (
      <Empty
        description={t('admin.clusters.providersFailed', {
          reason: failureMessage(supported.error, t),
        })}
        data-testid="cluster-providers-failed"
      >
        <Button onClick={() => void supported.refetch()} loading={supported.isFetching}>
          {t('admin.clusters.providersRetry')}
        </Button>
      </Empty>
    );
  }
  const available = (kind: ProviderKind) =>
    supported.data?.some((info) => info.kind === kind && info.available) ?? false;

  return (
    <Row gutter={[16, 16]}>
      {PROVIDER_KINDS.map((kind) => {
        const enabled = available(kind);
        const choose = () => enabled && onChoose(kind);
        return (
          <Col key={kind} xs={24} sm={12} lg={8}>
            <Card
              data-testid={`cluster-provider-${kind}`}
              role="button"
              tabIndex={enabled ? 0 : -1}
              aria-disabled={!enabled}
              aria-pressed={selected === kind}
              hoverable={enabled}
              onClick={choose}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') choose();
              }}
              style={{
                cursor: enabled ? 'pointer' : 'not-allowed',
                opacity: enabled ? 1 : 0.5,
                borderColor: selected === kind ? token.colorPrimary : undefined,
              }}
            >
              <Card.Meta
                avatar={<VendorLogo kind={kind} size={40} />}
                title={providerName(kind)}
                description={
                  enabled ? (
                    <Typography.Text type="secondary">
                      {t(`admin.clusters.providerHints.${kind}`)}
                    </Typography.Text>
                  ) : (
                    <Tag>{t('admin.clusters.unavailable')}</Tag>
                  )
                }
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
