// The bodies that add a condition or an action to a content rule (POST `{rule}/condition`,
// `{rule}/action`) and change one (PATCH `{rule}/{kind}/{idx}`), one per element type, made from
// the element's form (elements.ts): its fields with their JSON types, the required ones that have
// no default required. Every bad member is reported at once, in the panel form's words. The
// handler judges them (judgeBody) once the rule and the element are found (404 first, as Plone).
import { booleanMember, intMember, objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { validationError } from '../../lib/errors.ts';
import { ACTIONS, CONDITIONS, fieldDefault, findElement, type ElementDef } from './elements.ts';

const WRONG = 'Object is of wrong type.';
const MISSING = 'Required input is missing.';
const missingOrWrong = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? MISSING : WRONG);

/** One field of an element's form as a body member. */
function member(prop: Record<string, unknown>, required: boolean): z.ZodType {
  const description = [prop.title, prop.description].filter((t) => typeof t === 'string' && t).join(': ');
  const error = required ? missingOrWrong : WRONG;
  switch (prop.type) {
    case 'array':
      return (required ? z.array(z.string({ error: WRONG }), { error }) : z.array(z.string({ error: WRONG }), { error }).nullable().optional()).meta({ description });
    case 'integer':
      return intMember(description).optional();
    case 'boolean':
      return booleanMember.nullable().optional().meta({ description });
    default:
      return (required ? z.string({ error }).min(1, { error: MISSING }) : z.string({ error }).nullable().optional()).meta({ description });
  }
}

/** The members of an element's form; `adding`: the required fields without a default are required. */
function members(d: ElementDef, adding: boolean): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, prop] of Object.entries(d.properties)) out[name] = member(prop, adding && d.required.includes(name) && fieldDefault(d, name) === undefined);
  return out;
}

/** The element's id as a body names it: `cms.` or Plone's own `plone.` prefix. */
const typeIds = (d: ElementDef) => [d.id, d.id.replace(/^cms\./, 'plone.')] as [string, string];

const form = { malformed: { type: 'BadRequest', shape: 'exception' }, invalid: { type: 'BadRequest', shape: 'exception' }, refuseAll: validationError } as const;

/** A body whose `type` is no element of the kind: answered by the handler (400 `Invalid condition type`). */
const unknownType = (kind: ElementDef['kind']) =>
  objectBodySchema({ type: z.unknown().refine((t) => !findElement(kind, t), { error: WRONG, abort: true }).meta({ description: `Any other value: refused, no such ${kind}.` }) }).meta({ title: `Another ${kind} type` });

function adding(kind: ElementDef['kind'], defs: ElementDef[]): RouteSchema {
  const each = defs.map((d) => objectBodySchema({ type: z.enum(typeIds(d)).meta({ description: d.description }), ...members(d, true) }).meta({ title: d.title }));
  return { later: { body: z.union([...each, unknownType(kind)]), ...form } };
}

/** POST a new condition or action: the body names its type and gives its fields. */
export const NEW_ELEMENT: Record<ElementDef['kind'], RouteSchema> = { condition: adding('condition', CONDITIONS), action: adding('action', ACTIONS) };

const move = z.string().optional().meta({ description: '`_move_up` or `_move_down`: move the element instead of changing it.' });

/** PATCH of one element: its fields (the others keep their values), or a move. */
const changes = new Map<string, RouteSchema>(
  [...CONDITIONS, ...ACTIONS].map((d) => [d.id, { later: { body: objectBodySchema({ ...members(d, false), 'form.button.Move': move }).meta({ title: d.title }), ...form } }]),
);

export const elementChange = (d: ElementDef): RouteSchema => changes.get(d.id)!;

/** What the OpenAPI document shows for a PATCH of an element: one of the element types' bodies. */
export const CHANGE_ELEMENT: RouteSchema = { later: { body: z.union([...changes.values()].map((s) => s.later!.body)), ...form } };
