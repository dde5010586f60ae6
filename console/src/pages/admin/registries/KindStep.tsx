import type { RegistryKind } from '@nimbus/api/shared';
import { Card, Col, Row, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Step one: a card per registry kind the operator supports (Docker Hub is always there). */
export function KindStep({
  kinds,
  selected,
  onChoose,
}: {
  kinds: readonly { kind: RegistryKind; hostExample: string }[];
  selected: RegistryKind | undefined;
  onChoose: (kind: RegistryKind) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]}>
      {kinds
        .filter((info) => info.kind !== 'DockerHub')
        .map((info) => (
          <Col key={info.kind} xs={24} sm={12} lg={8}>
            <Card
              data-testid={`registry-kind-${info.kind}`}
              role="button"
              tabIndex={0}
              aria-pressed={selected === info.kind}
              hoverable
              onClick={() => onChoose(info.kind)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') onChoose(info.kind);
              }}
              style={{ borderColor: selected === info.kind ? token.colorPrimary : undefined }}
            >
              <Card.Meta
                title={t(`registries.kinds.${info.kind}`)}
                description={<Typography.Text type="secondary">{info.hostExample}</Typography.Text>}
              />
            </Card>
          </Col>
        ))}
    </Row>
  );
}
