import type { RegistryView } from '@nimbus/api';
import { useListRegistriesQuery } from '../../../api/registryApi';

/** The stored registry a ?edit=<name> wizard changes (undefined while loading or when none). */
export function useEditedRegistry(
  name: string | null,
  organizationId: string,
): { registry: RegistryView | undefined; loading: boolean } {
  const { data, isFetching } = useListRegistriesQuery(
    { organizationId, page: 1, pageSize: 100, search: name ?? '' },
    { skip: !name || !organizationId },
  );
  return { registry: data?.items.find((item) => item.name === name), loading: isFetching };
}
