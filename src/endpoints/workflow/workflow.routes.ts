// The @workflow endpoint family and its `workflow` component.
import type { Route } from '../../http/types.ts';
import type { Component, FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { workflowInfo } from './info.ts';
import { transition } from './transition.ts';
import { transitionSchema, workflowInfoSchema } from './workflow.schema.ts';

const workflowComponent: Component = { name: 'workflow', expand: workflowInfo };

export const workflowRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@workflow',
    on: 'content',
    permission: 'View',
    schema: workflowInfoSchema,
    handle: (state, req) => json(workflowInfo(state, req)),
  },
  {
    method: 'POST',
    endpoint: '@workflow',
    on: 'content',
    permission: 'View',
    schema: transitionSchema,
    handle: (state, req) => transition(state, req),
  },
];

export const workflowFamily: FamilyManifest = { name: 'workflow', routes: workflowRoutes, components: [workflowComponent] };
