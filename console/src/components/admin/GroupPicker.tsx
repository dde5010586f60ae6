import type { GroupView } from '@nimbus/api';
import { useListGroupsQuery } from '../../api/iamApi';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

/** Picks user groups of an organization by name, searched on the server (SearchPicker). */
export function GroupPicker(props: SearchPickerProps) {
  return (
    <SearchPicker<GroupView>
      {...props}
      useList={useListGroupsQuery}
      valueOf={(group) => group.uuid}
      labelOf={(group) => group.name}
    />
  );
}
