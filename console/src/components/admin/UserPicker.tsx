import type { UserView } from '@nimbus/api';
import { useListUsersQuery } from '../../api/iamApi';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

/** Picks users of an organization by name, searched on the server (SearchPicker). */
export function UserPicker(props: SearchPickerProps) {
  return (
    <SearchPicker<UserView>
      {...props}
      useList={useListUsersQuery}
      valueOf={(user) => user.uuid}
      labelOf={(user) => user.userName}
    />
  );
}
