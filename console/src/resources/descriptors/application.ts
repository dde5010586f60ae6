import { lazy } from 'react';
import type { CreateDescriptor } from './types';

/** One shared application form behind add/Application and the four kinds' add routes. */
export const applicationCreate: CreateDescriptor = {
  forms: ['Application', 'Deployment', 'StatefulSet', 'CronJob', 'DaemonSet'],
  component: lazy(() => import('../../pages/applications/ApplicationCreatePage')),
};
