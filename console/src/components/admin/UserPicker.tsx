import { Select } from 'antd';
import { useRef, useState } from 'react';
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
 * indexed query), so an organization with 1,000 users is not cut off at the first page; names
 * seen on any answer stay known, so picked users keep their label when a search hides them.
 */
export function UserPicker({ organizationId, placeholder, value, onChange, id }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const { data, isFetching } = useListUsersQuery(
    { organizationId, page: 1, pageSize: MAX_PAGE_SIZE, ...(search ? { search } : {}) },
    { skip: !organizationId },
  );
  const names = useRef(new Map<string, string>());
  for (const user of data?.items ?? []) names.current.set(user.uuid, user.userName);
  const found = (data?.items ?? []).map((user) => user.uuid);
  const picked = (value ?? []).filter((uuid) => !found.includes(uuid));
  const options = [...found, ...picked].map((uuid) => ({
    value: uuid,
    label: names.current.get(uuid) ?? uuid,
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
      onChange={onChange}
      onSearch={(text) => setSearch(text.trim())}
      onBlur={() => setSearch('')}
      options={options}
    />
  );
}
