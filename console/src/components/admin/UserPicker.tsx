import { Select } from 'antd';
import { useState } from 'react';
import { useListUsersQuery } from '../../api/iamApi';
import { MAX_PAGE_SIZE } from './useListParams';

interface UserPickerProps {
  organizationId: string;
  placeholder: string;
  /** Set by Form.Item: the picked users' uuids. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

/**
 * Picks users of an organization by name. The server searches (each keystroke is one cheap
 * indexed query), so an organization with 1,000 users is not cut off at the first page; picked
 * users keep their names when a later search no longer lists them.
 */
export function UserPicker({ organizationId, placeholder, value, onChange, id }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [pickedNames, setPickedNames] = useState<Record<string, string>>({});
  const list = (text: string) => ({
    organizationId,
    page: 1,
    pageSize: MAX_PAGE_SIZE,
    ...(text ? { search: text } : {}),
  });
  // The first page names the members a group starts with; the search answers what is typed.
  const { data: firstPage } = useListUsersQuery(list(''), { skip: !organizationId });
  const { data, isFetching } = useListUsersQuery(list(search), { skip: !organizationId });
  const names: Record<string, string> = { ...pickedNames };
  for (const user of [...(firstPage?.items ?? []), ...(data?.items ?? [])]) {
    names[user.uuid] = user.userName;
  }
  const found = (data?.items ?? []).map((user) => user.uuid);
  const picked = (value ?? []).filter((uuid) => !found.includes(uuid));
  const options = [...found, ...picked].map((uuid) => ({
    value: uuid,
    label: names[uuid] ?? uuid,
  }));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      loading={isFetching}
      placeholder={placeholder}
      value={value}
      onChange={(next: string[]) => {
        setPickedNames((known) => ({
          ...known,
          ...Object.fromEntries(next.flatMap((uuid) => (names[uuid] ? [[uuid, names[uuid]]] : []))),
        }));
        onChange?.(next);
      }}
      onSearch={(text) => setSearch(text.trim())}
      onBlur={() => setSearch('')}
      options={options}
    />
  );
}
