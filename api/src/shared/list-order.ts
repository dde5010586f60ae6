/** The orders of the admin lists: by name or by creation time, either way (name ascending by default). */
export const listSortKeys = ['name', 'created'] as const;
export type ListSortKey = (typeof listSortKeys)[number];
export const listOrders = ['asc', 'desc'] as const;
export type ListOrderDirection = (typeof listOrders)[number];

export const isListSortKey = (text: unknown): text is ListSortKey =>
  (listSortKeys as readonly unknown[]).includes(text);
