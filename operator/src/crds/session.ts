import { z } from 'zod';
import { ageColumn, defineKind } from './kind.js';
import { nameRef, resourceNameRule, userRef } from './names.js';

export const sessionSpec = z.object({
  user: userRef('Name of the User who signed in.'),
  expiresAt: z.iso
    .datetime({ offset: true })
    .meta({ description: 'When the session token stops being accepted.' }),
  identityProvider: nameRef(
    'IdentityProvider the user signed in with; absent after a password sign-in.',
  ).optional(),
});

export const sessionStatus = z.object({});

/** One signed-in session; deleting it revokes the token on every replica. */
export const sessionKind = defineKind({
  kind: 'Session',
  plural: 'sessions',
  shortNames: ['nsession'],
  description:
    'A signed-in console or API session. Created at login; deleting it revokes the session token.',
  name: resourceNameRule,
  category: 'nimbus-runtime',
  spec: sessionSpec,
  status: sessionStatus,
  printerColumns: [
    { name: 'User', type: 'string', jsonPath: '.spec.user' },
    { name: 'Expires', type: 'date', jsonPath: '.spec.expiresAt' },
    ageColumn,
  ],
});

export type Session = z.output<typeof sessionKind.schema>;
