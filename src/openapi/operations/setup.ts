// Site setup: control panels, registry, add-ons, upgrades, content rules, transactions (undo),
// the database, mail.
import type { OperationDocs } from '../types.ts';

export const setupOperations: OperationDocs = {
  'GET @controlpanels': { summary: 'Control panels, or one with its schema and data' },
  'POST @controlpanels': { summary: 'Add an item to a control panel (a content type, a content rule, …)', body: { title: 'Recipe', description: 'A new content type' }, status: 201 },
  'PATCH @controlpanels': { summary: 'Change the data of a control panel (or one of its items)', body: {} },
  'DELETE @controlpanels': { summary: 'Remove an item of a control panel' },
  'GET @registry': { summary: 'Registry records (batched), or the value of one', query: [{ name: 'b_start', description: 'Position of the first record.', type: 'integer' }, { name: 'q', description: 'Records whose name contains this text.' }] },
  'PATCH @registry': { summary: 'Change registry records (name → new value)', body: { 'plone.site_title': 'A new site title' } },
  'GET @addons': { summary: 'Add-ons, or one', query: [{ name: 'upgradeable', description: 'Only add-ons with an upgrade to run.', type: 'boolean' }] },
  'POST @addons': { summary: 'Install, uninstall or upgrade an add-on, or import one of its profiles', status: 204 },
  'GET @upgrade': { summary: 'Versions of the site profile and the upgrade steps to run' },
  'POST @upgrade': { summary: 'Run the upgrade (`dry_run` tells what would happen)', body: { dry_run: true } },
  'GET @content-rules': { summary: 'Content rules assigned here and acquired from above' },
  'POST @content-rules': { summary: 'Assign a content rule here', status: 200 },
  'PATCH @content-rules': { summary: 'Enable, disable, move or apply assigned rules to subfolders', body: { operation: 'disable', rule_ids: ['rule-1'] }, status: 200 },
  'DELETE @content-rules': { summary: 'Unassign content rules', body: { rule_ids: ['rule-1'] }, status: 200 },
  'GET @transactions': { summary: 'Recent transactions (who changed what, when), newest first' },
  'PATCH @transactions': { summary: 'Undo transactions', body: { transaction_ids: [] } },
  'GET @database': { summary: 'Database figures (size, objects, cache)' },
  'POST @email-notification': { summary: 'Send a message to the site owner', body: { name: 'Jane', from: 'jane@example.org', subject: 'Hello', message: 'A message' }, status: 204 },
  'POST @email-send': { summary: 'Send a message to users or addresses', body: { to: 'editor@example.org', from: 'jane@example.org', subject: 'Hello', message: 'A message' }, status: 204 },
};
