import {
  kindColumns,
  type KindColumn,
  type KindColumnKey,
  type StateTexts,
} from '@nimbus/api/shared';
import type resourcesEn from '../../i18n/locales/resources.en.json';
import type { TranslationKey } from '../../i18n/translationKey';
import type { ListedKind } from '../resourceKinds';
import type { DeclaredCellDisplay, KindColumnDescriptor } from './types';

/** A column of the resource lists: its title is `resources.columns.<key>`. */
export type ColumnKey = keyof (typeof resourcesEn)['columns'];

// A kind column without an English title fails typing here, naming the key.
type Untitled = Exclude<KindColumnKey, ColumnKey>;
const everyKindColumnTitled: [Untitled] extends [never] ? true : Untitled = true;
void everyKindColumnTitled;

const stateTexts: Record<StateTexts, { onKey: TranslationKey; offKey: TranslationKey }> = {
  yesNo: { onKey: 'resources.states.yes', offKey: 'resources.states.no' },
  readiness: { onKey: 'resources.node.ready', offKey: 'resources.node.notReady' },
  scheduling: { onKey: 'resources.node.schedulable', offKey: 'resources.node.unschedulable' },
};

/** A kind column of the shared package as the console shows it. */
function columnOf(column: KindColumn<ColumnKey>): KindColumnDescriptor {
  const { display } = column;
  const shown: DeclaredCellDisplay =
    display.type === 'state'
      ? { type: 'state', goodWhenOn: display.goodWhenOn, ...stateTexts[display.texts] }
      : display;
  return {
    key: column.key,
    titleKey: `resources.columns.${column.key}`,
    value: column.value,
    display: shown,
  };
}

/** The list columns of a listed kind (declared once, in `kindColumns` of @nimbus/api/shared). */
export const columnsOf = (kind: ListedKind): readonly KindColumnDescriptor[] =>
  (kindColumns[kind] as readonly KindColumn<ColumnKey>[]).map(columnOf);
