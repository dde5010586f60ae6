import type resourcesEn from '../../i18n/locales/resources.en.json';
import type { CellDisplay, ColumnDescriptor } from './types';

type Value = ColumnDescriptor['value'];

/** A column of the resource lists: its title is `resources.columns.<key>`. */
export type ColumnKey = keyof (typeof resourcesEn)['columns'];

const titleOf = (key: ColumnKey) => `resources.columns.${key}` as const;

/** A plain text column; its title is `resources.columns.<key>`. */
export const textColumn = (key: ColumnKey, value: Value): ColumnDescriptor => ({
  key,
  titleKey: titleOf(key),
  value,
  display: { type: 'text' },
});

/** A timestamp column, shown in the reader's language. */
export const timeColumn = (key: ColumnKey, value: Value): ColumnDescriptor => ({
  key,
  titleKey: titleOf(key),
  value,
  display: { type: 'time' },
});

/** A yes/no column shown as a tag; `display` says its texts and which state is good. */
export const stateColumn = (
  key: ColumnKey,
  value: Value,
  display: Omit<Extract<CellDisplay, { type: 'state' }>, 'type'> = {
    onKey: 'resources.states.yes',
    offKey: 'resources.states.no',
    goodWhenOn: true,
  },
): ColumnDescriptor => ({
  key,
  titleKey: titleOf(key),
  value,
  display: { type: 'state', ...display },
});
