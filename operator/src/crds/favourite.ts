import { z } from 'zod';
import { basicStatus, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { dnsLabel, dnsSubdomain, nameRef, resourceNameRule, userRef } from './names.js';

export const favouriteSpec = z.object({
  user: userRef('Name of the User who collected the resource.'),
  type: z
    .string()
    .max(63)
    .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'must be a resource kind such as Deployment')
    .meta({ description: 'Kind of the collected resource, e.g. Deployment.' }),
  name: dnsSubdomain.meta({ description: 'Name of the collected resource.' }),
  vendor: text(63).min(1).meta({ description: 'Vendor of the cluster holding the resource.' }),
  region: text(63).min(1).meta({ description: 'Region of the cluster holding the resource.' }),
  cluster: nameRef('Name of the Cluster holding the resource.'),
  namespace: dnsLabel.optional().meta({ description: 'Namespace, for namespaced resources.' }),
});

export const favouriteStatus = basicStatus;

export const favouriteKind = defineKind({
  kind: 'Favourite',
  plural: 'favourites',
  shortNames: ['nfav'],
  description: 'A member-cluster resource a user collected for quick access.',
  name: resourceNameRule,
  spec: favouriteSpec,
  status: favouriteStatus,
  printerColumns: [
    { name: 'User', type: 'string', jsonPath: '.spec.user' },
    { name: 'Type', type: 'string', jsonPath: '.spec.type' },
    { name: 'Target', type: 'string', jsonPath: '.spec.name' },
    { name: 'Cluster', type: 'string', jsonPath: '.spec.cluster' },
    { name: 'Namespace', type: 'string', jsonPath: '.spec.namespace', priority: 1 },
    ageColumn,
  ],
});

export type Favourite = z.output<typeof favouriteKind.schema>;
