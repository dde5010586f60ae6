import type { MapField } from '../../apiClient/requestArgs';
import type { SectionProps } from '../../resources/descriptors/types';
import { KeyValueSection } from './KeyValueSection';
import { MetadataSection } from './MetadataSection';
import { YamlView } from './YamlView';

// The sections every kind shows from its live object; nothing until the object is read.

export function MetadataSectionOf({ context }: SectionProps) {
  return context.object ? (
    <MetadataSection object={context.object} location={context.address} />
  ) : null;
}

/** Labels or annotations, editable by callers who hold `permission` (any caller without one). */
export function keyValueSection(field: MapField, permission: string | undefined) {
  return function KeyValueSectionOf({ context }: SectionProps) {
    return context.object ? (
      <KeyValueSection
        address={context.address}
        field={field}
        values={context.object.metadata?.[field]}
        editable={permission === undefined || context.allows(permission)}
      />
    ) : null;
  };
}

export function YamlSection({ context }: SectionProps) {
  return context.object ? <YamlView object={context.object} /> : null;
}
