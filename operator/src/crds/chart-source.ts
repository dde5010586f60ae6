import { chartSourceTypes, chartSourceUrlMessage, chartSourceUrlPattern } from '@nimbus/api/shared';
import { z } from 'zod';
import { conditions, description } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { nameRef, resourceNameRule } from './names.js';

export const chartSourceSpec = z.object({
  type: z.enum(chartSourceTypes).meta({
    description: 'OCI: charts are repositories of an OCI registry; ChartRepository: an index.yaml.',
  }),
  url: z.string().max(2048).regex(chartSourceUrlPattern, chartSourceUrlMessage).meta({
    description:
      'OCI: oci://registry[:port]/prefix (charts are the repositories below the prefix); ChartRepository: the URL that holds index.yaml.',
  }),
  plainHttp: z.boolean().default(false).meta({
    description:
      'Talk to an OCI registry over plain http (like helm --plain-http); only hosts the operator allows may.',
  }),
  organization: nameRef('Name of the Organization whose users see these charts.'),
  description: description.optional(),
});

export const chartSourceStatus = z.object({ conditions: conditions.optional() });

export const chartSourceKind = defineKind({
  kind: 'ChartSource',
  plural: 'chartsources',
  shortNames: ['nchart'],
  description: 'A source of Helm charts (OCI registry or chart repository) for the app store.',
  name: resourceNameRule,
  spec: chartSourceSpec,
  status: chartSourceStatus,
  printerColumns: [
    { name: 'Type', type: 'string', jsonPath: '.spec.type' },
    { name: 'URL', type: 'string', jsonPath: '.spec.url' },
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    ...readyColumns,
    ageColumn,
  ],
});

export type ChartSource = z.output<typeof chartSourceKind.schema>;
