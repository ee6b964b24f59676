// @userschema: the JSON schema of the personal-information form and of the registration form.
import { anyObject, containing, satisfies } from '../expect.ts';
import { family, supplement } from './define.ts';

const PERSONAL = ['fullname', 'email', 'home_page', 'description', 'location', 'portrait'];

export default family('userschema', [
  {
    id: 'userschema.read.personal-information',
    level: 'SHOULD',
    source: supplement('31.22 (GET /@userschema)'),
    title: 'GET /@userschema answers the personal-information schema {type: object, properties, required: [email], fieldsets}, to Anonymous too',
    async run(t) {
      const r = await t.get('/@userschema', { auth: 'anonymous' });
      t.status(r, 200);
      t.body(r, { type: 'object', properties: anyObject, required: containing(['email']), fieldsets: satisfies('a list of fieldsets', (f) => Array.isArray(f) && f.length > 0) });
      t.like(Object.keys(r.body?.properties ?? {}), containing(PERSONAL), 'the fields');
    },
  },
  {
    id: 'userschema.read.registration',
    level: 'SHOULD',
    source: supplement('31.22 (GET /@userschema/registration)'),
    title: 'GET /@userschema/registration answers the registration schema: fullname, email, (username), password, password_ctl, mail_me',
    async run(t) {
      const r = await t.get('/@userschema/registration', { auth: 'anonymous' });
      t.status(r, 200);
      const username = t.has('email-login') ? [] : ['username'];
      t.like(Object.keys(r.body?.properties ?? {}), containing(['fullname', 'email', ...username, 'password', 'password_ctl', 'mail_me']), 'the fields');
      t.like(r.body?.required, containing(['email', ...username, 'password', 'password_ctl']), 'the required fields');
      t.like(r.body?.properties?.password, { type: 'string', widget: 'password' }, 'the password field');
      t.like(r.body?.properties?.mail_me, { type: 'boolean', default: false }, 'the mail_me field');
    },
  },
  {
    id: 'userschema.read.other-forms-400',
    level: 'SHOULD',
    source: supplement('31.22 (GET /@userschema/<other>: 400)'),
    title: 'GET /@userschema/<other> answers 400 "Parameters supplied are not valid."',
    async run(t) {
      const r = await t.get('/@userschema/no-such-form');
      t.status(r, 400);
      t.body(r, { error: { type: 'Invalid parameters', message: 'Parameters supplied are not valid.' } });
    },
  },
]);
