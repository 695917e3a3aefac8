import { pageScreen, type Area } from '../../domain/screens/screens';

/** The operators' queues at a glance (issue 49), beyond SPEC.md 2: each links to its list. */
export const queuesArea: Area = {
  path: '/queues',
  label: 'Queues',
  screens: [
    pageScreen({
      path: '/queues',
      title: 'Queues',
      page: () => import('./QueuesPage'),
    }),
  ],
};
