// @email-notification (31.15: mail to the site owner) and @email-send (31.16: mail to anyone).
// Mail goes to the in-memory outbox (services.auth.outbox), never to the network.
import type { Principal } from '../../auth/principal.ts';
import { hasPermission } from '../../auth/check.ts';
import { noContent, type ApiRequest, type Route, type Services, type WriteOutcome } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { rootOf } from '../../state/select.ts';
import { notificationSchema, sendSchema } from './email.schema.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { bodyFields } from '../../http/body.ts';
import { judgeBody } from '../../http/schema.ts';

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const fields = bodyFields;

/** The site's sender address; absent: mail is not configured. */
function siteAddress(state: SiteState): string {
  const from = str(registryValue(state, 'plone.email_from_address', ''));
  if (!from || !str(registryValue(state, 'plone.smtp_host', 'localhost'))) throw badRequest('MailHost is not configured.');
  return from;
}

function subjectOf(state: SiteState, name: string | undefined, subject: string | undefined): string {
  if (subject) return subject;
  const site = String(rootOf(state).fields.title ?? '');
  return `${name ?? 'A portal user'} via ${site}`;
}

/**
 * The answer: 204, and the mail sent once the request is answered (as every side effect, in
 * `after`); the site does not change, so nothing is committed.
 */
function send(services: Services, req: ApiRequest, to: string, from: string, b: Record<string, unknown>, message: string, state: SiteState): WriteOutcome {
  const name = str(b.name);
  const intro = `You are receiving this mail because ${name ?? 'someone'} (${from}) is sending feedback about the site you administer at ${req.url.siteUrl}.`;
  const mail = { to, subject: subjectOf(state, name, str(b.subject)), body: `${intro}\n\n${message}\nReply-To: ${from}`, time: req.now };
  return { write: () => undefined, respond: () => noContent(), after: () => services.auth.outbox.send(mail) };
}

function requireMailPermission(state: SiteState, principal: Principal): void {
  if (hasPermission(state, principal, rootOf(state), 'Use mailhost services')) return;
  if (principal.id === null) throw unauthorized();
  throw forbidden('You are not allowed to send mail.');
}

export const emailRoutes: Route[] = [
  {
    method: 'POST',
    endpoint: '@email-notification',
    schema: notificationSchema,
    on: 'site',
    permission: 'View',
    handle: (state, req, services) => {
      const b = fields(req.body); // from and message given: the route's schema saw to that
      return send(services, req, siteAddress(state), str(b.from)!, b, str(b.message)!, state);
    },
  },
  {
    method: 'POST',
    endpoint: '@email-send',
    schema: sendSchema,
    on: 'site',
    permission: 'View',
    handle: (state, req, services) => {
      requireMailPermission(state, req.principal);
      judgeBody(sendSchema, req.body);
      const b = fields(req.body);
      siteAddress(state);
      return send(services, req, str(b.to)!, str(b.from)!, b, str(b.message)!, state);
    },
  },
];

export const emailFamily: FamilyManifest = { name: 'email', routes: emailRoutes };
