import { favouriteTarget } from '@nimbus/api';
import { z } from 'zod';
import { basicStatus } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { resourceNameRule, userRef } from './names.js';

// The target fields are the contract's (the API body of a favourite), so both stay one shape.
export const favouriteSpec = z.object({
  user: userRef('Name of the User who collected the resource.'),
  ...favouriteTarget.shape,
});

export const favouriteStatus = basicStatus;

export const favouriteKind = defineKind({
  kind: 'Favourite',
  plural: 'favourites',
  shortNames: ['nfav'],
  description: 'A member-cluster resource a user collected for quick access.',
  name: resourceNameRule,
  category: 'nimbus-runtime',
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
