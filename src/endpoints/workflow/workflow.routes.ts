// The @workflow endpoint family and its `workflow` component.
import type { Route } from '../../http/types.ts';
import { badRequest } from '../../lib/errors.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { componentEndpoint } from '../component-endpoint.ts';
import { workflowInfo } from './info.ts';
import { transition } from './transition.ts';
import { transitionSchema, workflowInfoSchema } from './workflow.schema.ts';

const workflowEndpoint = componentEndpoint('workflow', workflowInfo, workflowInfoSchema, () => '');

export const workflowRoutes: Route[] = [
  workflowEndpoint.route,
  {
    method: 'POST',
    endpoint: '@workflow',
    on: 'content',
    permission: 'View',
    // the transition (further segments are not looked at)
    path: {
      forms: ['/{transition}'],
      params: { transition: { description: 'Id of the transition, e.g. `publish`.' } },
      more: 'ignored',
      refuse: () => badRequest('Missing transition', 'service'),
    },
    schema: transitionSchema,
    handle: (state, req) => transition(state, req),
  },
];

export const workflowFamily: FamilyManifest = { name: 'workflow', routes: workflowRoutes, components: [workflowEndpoint.component] };
