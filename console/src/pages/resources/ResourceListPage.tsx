import { Button, Flex, Result, Spin, Tabs, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { KindDescriptor, ListViewDescriptor } from '../../resources/descriptors/types';
import { NotAllowedResult } from '../../access/NotAllowed';
import { useSomeClusterAllows } from '../../access/useSomeClusterAllows';
import { useKindRegistry } from '../../resources/KindRegistryContext';
import { kindPermission } from '../../resources/kindPermission';
import { createPath } from '../../resources/resourceKinds';
import { ResourceListView } from './ResourceListView';

/** `/list/Node?view=topology` opens the list page on the kind's topology view. */
const VIEW_PARAM = 'view';
const LIST_VIEW = 'list';

const offered = (view: ListViewDescriptor, allows: (permission: string) => boolean) =>
  view.permissions === undefined || view.permissions.some(allows);

/** The list beside the kind's other views (the node topology), one tab each. */
function ListViews({ descriptor }: { descriptor: KindDescriptor }) {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const allows = useSomeClusterAllows();
  const views = (descriptor.listViews ?? []).filter((view) => offered(view, allows));
  const requested = query.get(VIEW_PARAM);
  const view = views.some((candidate) => candidate.id === requested) ? requested : LIST_VIEW;
  return (
    <Tabs
      activeKey={view ?? LIST_VIEW}
      onChange={(key) => setQuery(key === LIST_VIEW ? {} : { [VIEW_PARAM]: key })}
      items={[
        {
          key: LIST_VIEW,
          label: t('resources.list.tab', { kind: t(descriptor.labelKey) }),
          children: <ResourceListView descriptor={descriptor} />,
        },
        ...views.map(({ id, labelKey, component: View }) => ({
          key: id,
          label: t(labelKey),
          children: (
            <Suspense fallback={<Spin />}>
              <View />
            </Suspense>
          ),
        })),
      ]}
    />
  );
}

/** `/list/:type`: the index list of one kind (route type is the Kind; plurals are accepted). */
export default function ResourceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type = '' } = useParams();
  const descriptor = useKindRegistry().descriptorOfType(type);
  const allows = useSomeClusterAllows();
  if (!descriptor) return <Result status="404" title={t('resources.list.unknownKind', { type })} />;
  // Offered from the rules the server enforces: a list needs the kind's list permission on some
  // cluster (the index shows nothing else), Create its create permission.
  const listPermission = kindPermission(descriptor.kind, 'list');
  const createForm = allows(kindPermission(descriptor.kind, 'create'))
    ? descriptor.create?.forms[0]
    : undefined;
  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="resource-list">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t(descriptor.labelKey)}
        </Typography.Title>
        {createForm && (
          <Button
            type="primary"
            data-testid="resource-list-create"
            onClick={() => void navigate(createPath(createForm))}
          >
            {t('resources.list.create')}
          </Button>
        )}
      </Flex>
      {!allows(listPermission) ? (
        <NotAllowedResult {...(listPermission ? { permission: listPermission } : {})} />
      ) : descriptor.listViews?.some((view) => offered(view, allows)) ? (
        <ListViews key={descriptor.kind} descriptor={descriptor} />
      ) : (
        <ResourceListView key={descriptor.kind} descriptor={descriptor} />
      )}
    </Flex>
  );
}
