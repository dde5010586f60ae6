import { lazy, type ComponentType } from 'react';
import { favouritesApi } from '../../api/favouritesApi';
import type { MapField } from '../../apiClient/requestArgs';
import { completed } from './completed';
import { editYamlAction } from './editYaml';
import type { ActionDescriptor, SectionDescriptor, SectionProps } from './types';

// What every kind has: metadata, labels, annotations and YAML sections, and collect / cancel
// collect (lifecycle actions, each behind a confirm dialog).

/** A section whose component loads with the first detail page that shows it. */
export const lazySection = (
  id: string,
  load: () => Promise<ComponentType<SectionProps>>,
): SectionDescriptor => ({ id, component: lazy(async () => ({ default: await load() })) });

const standardModule = () => import('../../pages/resources/StandardSections');

const metadataSection = lazySection(
  'metadata',
  async () => (await standardModule()).MetadataSectionOf,
);

const keyValueSection = (field: MapField, editPermission: string | undefined) =>
  lazySection(field, async () => (await standardModule()).keyValueSection(field, editPermission));

const yamlSection = lazySection('yaml', async () => (await standardModule()).YamlSection);

export interface DetailSectionOptions {
  /** The catalogue permission that lets a caller change labels and annotations; without one
   * the editors are offered to everyone and the server alone decides. */
  editPermission?: string;
  /** False for kinds whose own sections show name, place and identity. */
  metadata?: boolean;
}

/** A kind's detail sections: metadata, the kind's own, labels, annotations and YAML. */
export function detailSections(
  kindSections: readonly SectionDescriptor[] = [],
  { editPermission, metadata = true }: DetailSectionOptions = {},
): SectionDescriptor[] {
  return [
    ...(metadata ? [metadataSection] : []),
    ...kindSections,
    keyValueSection('labels', editPermission),
    keyValueSection('annotations', editPermission),
    yamlSection,
  ];
}

const collectAction: ActionDescriptor = {
  id: 'collect',
  labelKey: 'resources.collect.collect',
  confirm: {
    kind: 'confirm',
    titleKey: 'resources.collect.collectTitle',
    textKey: 'resources.collect.collectText',
  },
  available: ({ favourite, userId }) => userId !== '' && favourite === undefined,
  run: ({ userId, target }, dispatch) =>
    completed(dispatch(favouritesApi.endpoints.addFavourite.initiate({ userId, target }))),
};

const cancelCollectAction: ActionDescriptor = {
  id: 'uncollect',
  labelKey: 'resources.collect.cancel',
  confirm: {
    kind: 'confirm',
    titleKey: 'resources.collect.cancelTitle',
    textKey: 'resources.collect.cancelText',
  },
  available: ({ favourite, userId }) => userId !== '' && favourite !== undefined,
  run: ({ userId, favourite }, dispatch) =>
    completed(
      dispatch(
        favouritesApi.endpoints.removeFavourite.initiate({
          userId,
          target: { id: favourite?.id ?? '' },
        }),
      ),
    ),
};

export const STANDARD_ACTIONS: readonly ActionDescriptor[] = [
  collectAction,
  cancelCollectAction,
  editYamlAction,
];
