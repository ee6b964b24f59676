// The @workflow endpoint family and its `workflow` component.
import type { Route } from '../../http/types.ts';
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
    schema: transitionSchema,
    handle: (state, req) => transition(state, req),
  },
];

export const workflowFamily: FamilyManifest = { name: 'workflow', routes: workflowRoutes, components: [workflowEndpoint.component] };
