import { readSession } from '../../session/session';

/** The organization the admin screens act on: the one stored by the organization switcher. */
export const currentOrganizationId = (): string => readSession().organization ?? '';

export const currentUserId = (): string => readSession().userId ?? '';
