import { Select } from 'antd';
import { useState } from 'react';
import { MAX_PAGE_SIZE } from './useListParams';

/** The arguments of an organization's paged list call that searches on the server. */
export interface OrganizationListArgs {
  organizationId: string;
  page: number;
  pageSize: number;
  search?: string;
}

/** An RTK Query hook of such a list (users, groups). */
export type OrganizationListHook<T> = (
  args: OrganizationListArgs,
  options: { skip: boolean },
) => { data?: { items: readonly T[] }; isFetching: boolean };

export interface SearchPickerProps {
  organizationId: string;
  placeholder: string;
  /** Set by Form.Item: the picked uuids. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  /** Names of uuids the caller already knows (an edited object's own), by uuid. */
  knownNames?: Readonly<Record<string, string>>;
}

interface PickerOf<T> {
  useList: OrganizationListHook<T>;
  valueOf: (item: T) => string;
  labelOf: (item: T) => string;
}

/**
 * Picks objects of an organization by name. The server searches (each keystroke is one cheap
 * indexed query), so an organization with 1,000 of them is not cut off at the first page; picked
 * ones keep their names when a later search no longer lists them.
 */
export function SearchPicker<T>({
  organizationId,
  placeholder,
  value,
  onChange,
  id,
  knownNames,
  useList,
  valueOf,
  labelOf,
}: SearchPickerProps & PickerOf<T>) {
  const [search, setSearch] = useState('');
  const [pickedNames, setPickedNames] = useState<Record<string, string>>({});
  const list = (text: string): OrganizationListArgs => ({
    organizationId,
    page: 1,
    pageSize: MAX_PAGE_SIZE,
    ...(text ? { search: text } : {}),
  });
  // The first page names what an edited object starts with; the search answers what is typed.
  const { data: firstPage } = useList(list(''), { skip: !organizationId });
  const { data, isFetching } = useList(list(search), { skip: !organizationId });
  const names: Record<string, string> = { ...knownNames, ...pickedNames };
  for (const item of [...(firstPage?.items ?? []), ...(data?.items ?? [])]) {
    names[valueOf(item)] = labelOf(item);
  }
  const found = (data?.items ?? []).map(valueOf);
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
