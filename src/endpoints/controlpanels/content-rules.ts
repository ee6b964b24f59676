// The `content-rules` panel is answered by the content-rules family (supplement 13.5).
import { contentRulesPanel } from '../content-rules/panel.ts';
import { registerCustomPanel, type PanelVerb } from './custom-panels.ts';

const answer: PanelVerb = (state, req, rest) => contentRulesPanel(state, req, rest);

registerCustomPanel({ id: 'content-rules', title: 'Content Rules', group: 'Content', GET: answer, POST: answer, PATCH: answer, DELETE: answer });
