// Workflows as data (supplement 27): states with their permission settings, and guarded transitions.
import { recordOf } from '../lib/records.ts';

export interface WorkflowState {
  id: string;
  title: string;
  /** permission -> roles that hold it in this state; permissions not named here are acquired. */
  permissions: Record<string, string[]>;
  exits: string[];
}

export interface Transition {
  id: string;
  title: string;
  /** Full title shown in history. */
  description: string;
  to: string;
  guard: string;
}

export interface Workflow {
  id: string;
  title: string;
  initial: string;
  states: Record<string, WorkflowState>;
  transitions: Record<string, Transition>;
}

const ADMINS = ['Manager', 'Site Administrator'];
const viewers = (...extra: string[]) => [...ADMINS, 'Owner', 'Editor', 'Reader', 'Contributor', ...extra];
const perms = (view: string[], modify: string[]) => ({
  View: view,
  'Access contents information': view,
  'Modify portal content': modify,
});

const simple: Workflow = {
  id: 'simple_publication_workflow',
  title: 'Simple Publication Workflow',
  initial: 'private',
  states: {
    private: {
      id: 'private',
      title: 'Private',
      permissions: perms(viewers(), [...ADMINS, 'Owner', 'Editor']),
      exits: ['publish', 'submit'],
    },
    pending: {
      id: 'pending',
      title: 'Pending review',
      permissions: perms(viewers('Reviewer'), [...ADMINS, 'Reviewer']),
      exits: ['publish', 'reject', 'retract'],
    },
    published: {
      id: 'published',
      title: 'Published',
      permissions: perms(['Anonymous'], [...ADMINS, 'Owner', 'Editor']),
      exits: ['reject', 'retract'],
    },
  },
  transitions: {
    publish: { id: 'publish', title: 'Publish', description: 'Reviewer publishes content', to: 'published', guard: 'Review portal content' },
    reject: { id: 'reject', title: 'Send back', description: 'Reviewer sends content back for re-drafting', to: 'private', guard: 'Review portal content' },
    retract: { id: 'retract', title: 'Retract', description: 'Member retracts submission', to: 'private', guard: 'Request review' },
    submit: { id: 'submit', title: 'Submit for publication', description: 'Member submits content for publication', to: 'pending', guard: 'Request review' },
  },
};

const oneState: Workflow = {
  id: 'one_state_workflow',
  title: 'Single State Workflow',
  initial: 'published',
  states: {
    published: { id: 'published', title: 'Published', permissions: perms(['Anonymous'], [...ADMINS, 'Owner', 'Editor']), exits: [] },
  },
  transitions: {},
};

export const WORKFLOWS: Record<string, Workflow> = recordOf({
  [simple.id]: simple,
  [oneState.id]: oneState,
});
