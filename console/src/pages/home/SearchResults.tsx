import type { SearchResult } from '@nimbus/api';
import { Empty, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '../../resources/detailPath';
import { kindOfType } from '../../resources/kindDescriptors';
import {
  formatSampleTime,
  groupSearchResults,
  type ClusterResultGroup,
} from './searchResultGroups';

function ClusterResults({ group }: { group: ClusterResultGroup }) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap="middle">
      {group.byType.map(({ type, samples }) => {
        // Kinds without a console page (events, jobs) are listed without a link.
        const kind = kindOfType(type);
        return (
          <section key={type} data-testid="search-result-type">
            <Typography.Title level={5}>{kind ? t(`kinds.${kind}`) : type}</Typography.Title>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {samples.map(({ labels, value }) => (
                <li key={`${labels.namespace ?? ''}/${labels.name}`} data-testid="search-result">
                  <Flex gap="middle" wrap>
                    {kind ? (
                      <Link to={detailPath({ ...group.topology, ...labels, type: kind })}>
                        {labels.name}
                      </Link>
                    ) : (
                      <Typography.Text>{labels.name}</Typography.Text>
                    )}
                    {labels.namespace && (
                      <Typography.Text type="secondary">
                        {t('search.namespace')}: {labels.namespace}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary">
                      {formatSampleTime(value, i18n.language)}
                    </Typography.Text>
                  </Flex>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </Flex>
  );
}

/** Search results in a tab per cluster, each grouped by resource type. */
export function SearchResults({ results }: { results: readonly SearchResult[] }) {
  const { t } = useTranslation();
  const groups = groupSearchResults(results);
  if (groups.length === 0) return <Empty description={t('search.noResults')} />;
  return (
    <Tabs
      items={groups.map((group) => ({
        key: group.key,
        label: group.topology.cluster,
        children: <ClusterResults group={group} />,
      }))}
    />
  );
}
