import { lazy } from 'react';
import type { CreateDescriptor } from './types';

/** SPEC §2: one shared application form behind add/Application and the four kinds' add routes. */
export const applicationCreate: CreateDescriptor = {
  forms: ['Application', 'Deployment', 'StatefulSet', 'CronJob', 'DaemonSet'],
  component: lazy(() => import('../../pages/applications/ApplicationCreatePage')),
};
