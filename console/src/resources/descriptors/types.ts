import type { FavouriteView } from '@nimbus/api';
import type { ComponentType, ReactNode } from 'react';
import type { ResourceAddress } from '../../apiClient/requestArgs';
import type { AppDispatch } from '../../app/store';
import type { TranslationKey } from '../../i18n/translationKey';
import type { DerivedRole } from '../../appState/deriveRole';
import type { DetailTarget } from '../detailPath';
import type { KubeObject, ListedObject } from '../kubeObject';
import type { CreateForm } from '../resourceKinds';

/**
 * What a resource kind is, described once: the generic list, detail and create screens render
 * from these and nothing else, so a kind plugs in by describing itself.
 */
export interface KindDescriptor {
  /** The Kind, also the route's `:type` (`/list/Pod`). */
  kind: string;
  /** The kind's name in menus and headings. */
  labelKey: TranslationKey;
  /** The index plural: the API's kind segment. */
  plural: string;
  namespaced: boolean;
  columns: readonly ColumnDescriptor[];
  /** Detail page sections, in order. */
  sections: readonly SectionDescriptor[];
  /** Detail page actions, in order; each shown only where available and allowed. */
  actions: readonly ActionDescriptor[];
  /** More tabs of the list page beside the list itself (the node topology). */
  listViews?: readonly ListViewDescriptor[];
  create?: CreateDescriptor;
}

/** The generic renderers, which the shared kind columns declare. */
export type DeclaredCellDisplay =
  | { type: 'text' }
  | { type: 'time' }
  /** A yes/no tag: its two texts, and whether "on" is the good (green) state. */
  | { type: 'state'; onKey: TranslationKey; offKey: TranslationKey; goodWhenOn: boolean };

/** What list cells show: one of the generic renderers, or a plugged kind's own render function. */
export type CellDisplay =
  DeclaredCellDisplay | { type: 'custom'; render: (object: ListedObject) => ReactNode };

export type { CellValue } from '@nimbus/api/shared';
import type { CellValue } from '@nimbus/api/shared';

export interface ColumnDescriptor {
  key: string;
  titleKey: TranslationKey;
  value: (object: KubeObject) => CellValue;
  display: CellDisplay;
}

/** A column of a built-in kind (declared in @nimbus/api/shared): generic renderers only. */
export type KindColumnDescriptor = ColumnDescriptor & { display: DeclaredCellDisplay };

/** Everything a detail section or action knows about the object it is shown for. */
export interface ResourceContext {
  descriptor: KindDescriptor;
  address: ResourceAddress;
  target: DetailTarget;
  /** The live object; undefined while it loads or when it could not be read. */
  object: KubeObject | undefined;
  /** The caller's favourite of this object, if collected. */
  favourite: FavouriteView | undefined;
  /** The caller's user id; empty when not known. */
  userId: string;
  /** Whether the caller holds `permission` on the object's cluster (the server enforces it). */
  allows: (permission: string) => boolean;
}

export interface SectionProps {
  context: ResourceContext;
}

export interface SectionDescriptor {
  id: string;
  /** May be `React.lazy`: heavy sections load with the first detail page that shows them. */
  component: ComponentType<SectionProps>;
}

/** Confirm dialogs: a plain confirmation, or typing the object's name (delete). */
export type ActionConfirm =
  | { kind: 'confirm'; titleKey: TranslationKey; textKey: TranslationKey }
  | { kind: 'typeName'; titleKey: TranslationKey };

export interface ActionDescriptor {
  id: string;
  labelKey: TranslationKey;
  danger?: boolean;
  confirm: ActionConfirm;
  /** Permission of the catalogue the caller needs on the object's cluster. */
  permission?: string;
  /** The derived roles that may run it; any role when absent. */
  roles?: readonly DerivedRole[];
  /** Whether it applies to the object as it is (e.g. pause only a schedulable node). */
  available?: (context: ResourceContext) => boolean;
  /** The mutation; a rejection keeps the dialog open (the base query reported why). */
  run?: (context: ResourceContext, dispatch: AppDispatch) => Promise<unknown>;
  /**
   * A dialog that asks for input (replicas, a revision, an image) and runs the mutation itself;
   * shown instead of the confirm dialog. May be `React.lazy`.
   */
  dialog?: ComponentType<ActionDialogProps>;
  /** Where to go once it succeeded: stay on the page, or the kind's list (after a delete). */
  after?: 'stay' | 'list';
}

export interface ActionDialogProps {
  context: ResourceContext;
  title: string;
  /** Called once the action succeeded or the user cancelled. */
  onClose: () => void;
}

export interface ListViewDescriptor {
  id: string;
  labelKey: TranslationKey;
  /** Catalogue permissions, one of which the caller needs on some cluster to be offered the view. */
  permissions?: readonly string[];
  component: ComponentType;
}

/** The kind's creation form, opened at `/add/<form>` for each of its forms. */
export interface CreateDescriptor {
  forms: readonly CreateForm[];
  component: ComponentType;
}
