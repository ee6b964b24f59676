// Rule conditions and actions as data (supplement 13.5): title, description, form schema, summary.
// Vocabulary URLs are written `{base}/...` and completed with the site URL when serialized.
// Summaries and some defaults are i18n messages. The answer to the POST that adds a rule or an
// element shows them untranslated (summary templates with their `${name}` placeholders, default
// msgids); every other answer shows them translated (rendered text, default text).

type Props = Record<string, Record<string, unknown>>;

export interface ElementDef {
  id: string;
  kind: 'condition' | 'action';
  title: string;
  description: string;
  properties: Props;
  required: string[];
  /** One-line summary: a message with `${name}` placeholders... */
  summary: string;
  /** ...and the values that fill them (paths already resolved). */
  mapping: Mapping;
  /** Actions without a form have no edit view. */
  editable: boolean;
  /** Fields whose default is an i18n message: field -> msgid (the stored default). */
  msgids?: Record<string, string>;
}

type Mapping = (v: Record<string, unknown>, typeTitles: (ids: string[]) => string[]) => Record<string, string>;

const text = (title: string, description: string, extra: Record<string, unknown> = {}) => ({ description, factory: 'Text line (String)', title, type: 'string', ...extra });
const vocab = (name: string) => ({ '@id': `{base}/${name}` });
const choice = (title: string, description: string, source: string, extra: Record<string, unknown> = {}) => ({ description, factory: 'Choice', title, type: 'string', ...extra, vocabulary: vocab(source) });
const multi = (title: string, description: string, vocabulary: string) => ({
  additionalItems: true,
  description,
  factory: 'Multiple Choice',
  items: { description: '', factory: 'Choice', title: '', type: 'string', vocabulary: vocab(`@vocabularies/${vocabulary}`) },
  title,
  type: 'array',
  uniqueItems: true,
});
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

const def = (kind: ElementDef['kind'], id: string, title: string, description: string, properties: Props, required: string[], summary: string, mapping: Mapping = () => ({}), editable = true): ElementDef => ({
  id, kind, title, description, properties, required, summary, mapping, editable,
});

export const CONDITIONS: ElementDef[] = [
  def('condition', 'cms.conditions.PortalType', 'Content type', 'Apply only when the current content object is of a particular type',
    { check_types: multi('Content type', 'The content type to check for.', 'cms.app.vocabularies.ReallyUserFriendlyTypes') }, ['check_types'],
    'Content types are: ${names}', (v, titles) => ({ names: titles(list(v.check_types)).join(', ') })),
  def('condition', 'cms.conditions.FileExtension', 'File Extension', 'Apply only to a particular file extension',
    { file_extension: text('File extension', 'The file extension to check for') }, ['file_extension'], 'File extension is ${ext}', (v) => ({ ext: str(v.file_extension) })),
  def('condition', 'cms.conditions.WorkflowState', 'Workflow state', 'Apply only to a objects in a particular workflow state',
    { wf_states: multi('Workflow state', 'The workflow states to check for.', 'cms.app.vocabularies.WorkflowStates') }, ['wf_states'], 'Workflow states are: ${states}', (v) => ({ states: list(v.wf_states).join(', ') })),
  def('condition', 'cms.conditions.Group', "User's group", 'Apply only when the current user is in the given group',
    { group_names: multi('Group name', 'The name of the group.', 'cms.app.vocabularies.Groups') }, ['group_names'], 'Groups are: ${names}', (v) => ({ names: list(v.group_names).join(', ') })),
  def('condition', 'cms.conditions.Role', "User's role", 'Apply only when the current user has the given role',
    { role_names: multi('Roles', 'The roles to check for.', 'cms.app.vocabularies.Roles') }, ['role_names'], 'Roles are: ${names}', (v) => ({ names: list(v.role_names).join(', ') })),
  def('condition', 'cms.conditions.TalesExpression', 'TALES expression', 'Apply only when the result of a TALES expression is True',
    { tales_expression: text('TALES expression', 'The TALES expression to check.') }, ['tales_expression'], 'TALES expression is: ${tales_expression}', (v) => ({ tales_expression: str(v.tales_expression) })),
];

const folder = () => choice('Target folder', 'As a path relative to the portal root.', '@sources/target_folder');

const withMsgids = (msgids: Record<string, string>, d: ElementDef): ElementDef => ({ ...d, msgids });

export const ACTIONS: ElementDef[] = [
  withMsgids({ message: 'text_contentrules_logger_message' }, def('action', 'cms.actions.Logger', 'Logger', 'Log a particular event', {
    targetLogger: text('Logger name', '', { default: 'Plone' }),
    loggingLevel: { default: 20, description: '', factory: 'Integer', title: 'Logging level', type: 'integer' },
    message: text('Message', '&e = the triggering event, &c = the context, &u = the user', { default: 'Caught &e at &c by &u' }),
  }, ['targetLogger', 'loggingLevel', 'message'], 'Log message ${message}', (v) => ({ message: str(v.message) }))),
  def('action', 'cms.actions.Notify', 'Notify user', 'Return a portal message to the user', {
    message: text('Message', 'The message to send to the user.'),
    message_type: choice('Message type', 'Select the type of message to display.', '@sources/message_type', {
      choices: [['info', null], ['warning', null], ['error', null]], default: 'info', enum: ['info', 'warning', 'error'], enumNames: [null, null, null],
    }),
  }, ['message', 'message_type'], 'Notify with message ${message}', (v) => ({ message: str(v.message) })),
  def('action', 'cms.actions.Copy', 'Copy to folder', 'Copy the triggering item to a specific folder', { target_folder: folder() }, ['target_folder'], 'Copy to folder ${folder}.', (v) => ({ folder: str(v.target_folder) })),
  def('action', 'cms.actions.Move', 'Move to folder', 'Move the triggering item to a specific folder', { target_folder: folder() }, ['target_folder'], 'Move to folder ${folder}', (v) => ({ folder: str(v.target_folder) })),
  def('action', 'cms.actions.Delete', 'Delete object', 'Delete the triggering item', {}, [], 'Delete object', undefined, false),
  def('action', 'cms.actions.Workflow', 'Transition workflow state', 'Perform a workflow transition on the triggering object',
    { transition: choice('Transition', 'Select the workflow transition to attempt', '@vocabularies/cms.app.vocabularies.WorkflowTransitions') }, ['transition'], 'Execute transition ${transition}', (v) => ({ transition: str(v.transition) })),
  def('action', 'cms.actions.Mail', 'Send email', 'Send an email on the triggering object', {
    subject: text('Subject', 'Subject of the message'),
    source: text('Email source', 'The email address that sends the email. If no email is provided here, it will use the portal from address.'),
    recipients: text('Email recipients', 'The email where you want to send this message. To send it to different email addresses, just separate them with ,'),
    exclude_actor: { description: 'Do not send the email to the user that did the action.', factory: 'Yes/No', title: 'Exclude actor from recipients', type: 'boolean' },
    message: { description: 'The message that you want to mail.', factory: 'Text', title: 'Message', type: 'string', widget: 'textarea' },
  }, ['subject', 'recipients', 'message'], 'Email report to ${recipients}', (v) => ({ recipients: str(v.recipients) })),
  def('action', 'cms.actions.Versioning', 'Version object', 'Store a new version of the object', { comment: text('Comment', 'The comment added to the history while versioning the content.') }, [], 'Versioning with comment ${comment}', (v) => ({ comment: str(v.comment) })),
];

/** Element by id; the real `plone.` prefix is accepted for `cms.`. */
export function findElement(kind: ElementDef['kind'], id: unknown): ElementDef | undefined {
  if (typeof id !== 'string') return undefined;
  const canonical = id.replace(/^plone\.(conditions|actions)\./, 'cms.$1.');
  return (kind === 'condition' ? CONDITIONS : ACTIONS).find((d) => d.id === canonical);
}

/** The summary of configured values, rendered (`translated`) or as the bare message. */
export function elementSummary(d: ElementDef, values: Record<string, unknown>, typeTitles: (ids: string[]) => string[], translated: boolean): string {
  if (!translated) return d.summary;
  const mapping = d.mapping(values, typeTitles);
  return d.summary.replace(/\$\{(\w+)\}/g, (m, name: string) => mapping[name] ?? m);
}

/** Value stored for a field the client left out: its default (the msgid for message defaults). */
export const fieldDefault = (d: ElementDef, name: string): unknown => d.msgids?.[name] ?? d.properties[name].default;

export function elementSchema(d: ElementDef, siteUrl: string, translated = true): Record<string, unknown> {
  const fields = Object.keys(d.properties);
  const properties = translated ? d.properties : Object.fromEntries(fields.map((f) => [f, { ...d.properties[f], default: fieldDefault(d, f) }]));
  const schema = {
    fieldsets: fields.length ? [{ behavior: 'plone', fields, id: 'default', title: 'Default' }] : [],
    properties,
    required: d.required,
    type: 'object',
  };
  return JSON.parse(JSON.stringify(schema).replaceAll('{base}', siteUrl));
}

/** Rule triggers: event titles of the vocabulary `cms.contentrules.events`, with their interface names. */
export const EVENTS: { title: string; iface: string }[] = [
  { title: 'Comment added', iface: 'ICommentAddedEvent' },
  { title: 'Comment removed', iface: 'ICommentRemovedEvent' },
  { title: 'Comment reply added', iface: 'IReplyAddedEvent' },
  { title: 'Comment reply removed', iface: 'IReplyRemovedEvent' },
  { title: 'Object added to this container', iface: 'IObjectAddedEvent' },
  { title: 'Object copied', iface: 'IObjectCopiedEvent' },
  { title: 'Object modified', iface: 'IObjectModifiedEvent' },
  { title: 'Object moved', iface: 'IObjectMovedEvent' },
  { title: 'Object removed', iface: 'IObjectRemovedEvent' },
  { title: 'Workflow state changed', iface: 'IActionSucceededEvent' },
  { title: 'User created', iface: 'IPrincipalCreatedEvent' },
  { title: 'User logged in', iface: 'IUserLoggedInEvent' },
  { title: 'User logged out', iface: 'IUserLoggedOutEvent' },
];
