import type { RegistryView } from '@nimbus/api';
import { useListRegistriesQuery } from '../../../api/registryApi';

/**
 * The organization's stored registry called `name` (undefined while loading or when none): the
 * one a ?edit=<name> wizard changes, or the one the browse screen reads.
 */
export function useRegistryNamed(
  name: string | null,
  organizationId: string,
): { registry: RegistryView | undefined; loading: boolean } {
  const { data, isFetching } = useListRegistriesQuery(
    { organizationId, page: 1, pageSize: 100, search: name ?? '' },
    { skip: !name || !organizationId },
  );
  return { registry: data?.items.find((item) => item.name === name), loading: isFetching };
}
