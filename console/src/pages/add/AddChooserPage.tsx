import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSomeClusterAllows } from '../../access/useSomeClusterAllows';
import { createFormPermission } from '../../resources/createFormPermission';
import { useKindRegistry } from '../../resources/KindRegistryContext';
import { createPath, type CreateForm } from '../../resources/resourceKinds';

type Choice = CreateForm | 'import';

/** The /add chooser: every creation form, grouped as people look for them. */
export const CHOOSER_GROUPS: ReadonlyArray<{
  id: 'applications' | 'network' | 'config' | 'storage' | 'cluster';
  choices: readonly Choice[];
}> = [
  {
    id: 'applications',
    choices: ['Application', 'Deployment', 'StatefulSet', 'CronJob', 'DaemonSet', 'import'],
  },
  { id: 'network', choices: ['Service', 'Ingress'] },
  { id: 'config', choices: ['ConfigMap', 'Secret'] },
  { id: 'storage', choices: ['PersistentVolume', 'PersistentVolumeClaims', 'StorageClass'] },
  { id: 'cluster', choices: ['Namespace'] },
];

const pathOf = (choice: Choice): string =>
  choice === 'import' ? '/add/import' : createPath(choice);

/** A card per form; its title is a link, so Tab reaches every choice and Enter opens it. */
function ChoiceCard({ choice }: { choice: Choice }) {
  const { t } = useTranslation();
  const title = choice === 'import' ? t('routes.addImport') : t(`routes.create.${choice}`);
  return (
    <Card size="small" hoverable style={{ height: '100%' }}>
      <Link to={pathOf(choice)} data-testid={`add-choice-${choice}`}>
        <Typography.Text strong>{title}</Typography.Text>
      </Link>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t(`resourceForms.chooser.forms.${choice}`)}
      </Typography.Paragraph>
    </Card>
  );
}

/**
 * The groups and forms the caller's roles let her use: a form needs its kind's create
 * permission on some cluster, as the side navigation's Fast Creation offers them
 * (docs/decisions/offered-by-rights.md); the import whenever some form is offered (the server
 * judges each object it holds). Until the user's rights are known, everything is offered.
 */
function useOfferedGroups() {
  const allows = useSomeClusterAllows();
  const { descriptors } = useKindRegistry();
  const forms = CHOOSER_GROUPS.map((group) => ({
    ...group,
    choices: group.choices.filter(
      (choice) => choice === 'import' || allows(createFormPermission(descriptors, choice)),
    ),
  }));
  const someForm = forms.some((group) => group.choices.some((choice) => choice !== 'import'));
  return forms
    .map((group) => ({
      ...group,
      choices: someForm ? group.choices : group.choices.filter((choice) => choice !== 'import'),
    }))
    .filter((group) => group.choices.length > 0);
}

/** The resource chooser at /add. */
export default function AddChooserPage() {
  const { t } = useTranslation();
  const groups = useOfferedGroups();
  return (
    <Flex vertical gap="large" style={{ padding: 24 }} data-testid="add-chooser">
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('resourceForms.chooser.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('resourceForms.chooser.intro')}</Typography.Text>
      </div>
      {groups.length === 0 && (
        <Empty description={t('resourceForms.chooser.nothing')} data-testid="add-chooser-nothing" />
      )}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`add-group-${group.id}`}>
          <Typography.Title level={3} id={`add-group-${group.id}`}>
            {t(`resourceForms.chooser.groups.${group.id}`)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {group.choices.map((choice) => (
              <Col key={choice} xs={24} sm={12} lg={8} xl={6}>
                <ChoiceCard choice={choice} />
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </Flex>
  );
}
