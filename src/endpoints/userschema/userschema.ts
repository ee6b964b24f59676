// GET /@userschema and /@userschema/registration (supplement 31.22): the JSON schema of the
// personal-information and registration forms.
import { z } from 'zod';
import { securitySettings } from '../../auth/settings.ts';
import { json, type Route } from '../../http/types.ts';
import { userschemaSchema } from './userschema.schema.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { ApiError } from '../../lib/errors.ts';
import { recordOf } from '../../lib/records.ts';

const text = (title: string, description: string, extra: Record<string, unknown> = {}) => ({
  description,
  factory: 'Text line (String)',
  title,
  type: 'string',
  ...extra,
});

const FIELDS: Record<string, unknown> = recordOf({
  fullname: text('Full Name', 'Enter full name, for example, John Smith.'),
  email: { description: 'We will use this address if you need to recover your password', factory: 'Email', title: 'Email', type: 'string', widget: 'email' },
  home_page: {
    description: '\n          The URL for your external home page, if you have one.\n      ',
    factory: 'URL',
    title: 'Home page',
    type: 'string',
    widget: 'url',
  },
  description: {
    description:
      '\n          A short overview of who you are and what you do. Will be displayed on your author page, linked from the items you create.\n      ',
    factory: 'Text',
    title: 'Biography',
    type: 'string',
    widget: 'textarea',
  },
  location: text('Location', '\n          Your location - either city and country - or in a company setting, where your office is located.\n      '),
  portrait: {
    description:
      '\n          To add or change the portrait: click the "Browse" button; select a picture of yourself. Recommended image size is 75 pixels wide by 100 pixels tall.\n      ',
    factory: 'Image',
    properties: {
      'portrait.contentType': text('Content Type', 'The content type identifies the type of data.', { default: '' }),
      'portrait.data': text('Data', 'The actual content of the object.', { default: '' }),
      'portrait.filename': text('Filename', ''),
    },
    title: 'Portrait',
    type: 'object',
  },
});

const REGISTRATION: Record<string, unknown> = recordOf({
  fullname: FIELDS.fullname,
  email: FIELDS.email,
  username: text('User Name', 'Enter a user name, usually something like "jsmith". No spaces or special characters. Usernames and passwords are case sensitive, make sure the caps lock key is not enabled. This is the name used to log in.'),
  password: { description: 'Enter your new password.', factory: 'Password', title: 'Password', type: 'string', widget: 'password' },
  password_ctl: { description: 'Re-enter the password. Make sure the passwords are identical.', factory: 'Password', title: 'Confirm password', type: 'string', widget: 'password' },
  mail_me: { default: false, description: '', factory: 'Yes/No', title: 'Send a confirmation mail with a link to set the password', type: 'boolean' },
});

function schema(fields: string[], required: string[], source: Record<string, unknown>) {
  return {
    fieldsets: [{ behavior: 'plone', fields, id: 'default', title: 'Default' }],
    properties: Object.fromEntries(fields.map((f) => [f, source[f]])),
    required,
    type: 'object',
  };
}

export const userschemaRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@userschema',
    schema: userschemaSchema,
    on: 'site',
    permission: 'View',
    // the user form, or the registration form; any other segments are refused
    path: {
      forms: ['', '/{form}'],
      params: { form: { description: 'Name of the form: `registration`.', schema: z.literal('registration') } },
      refuse: () => new ApiError(400, 'Invalid parameters', 'Parameters supplied are not valid.', 'service'),
    },
    handle: (state, req) => {
      if (!req.url.params.length) return json(schema(['fullname', 'email', 'home_page', 'description', 'location', 'portrait'], ['email'], FIELDS));
      // Plone's register schema (the user data fields and IRegisterSchema): the password fields are
      // always part of it, whatever the password-choice setting; only email login drops `username`.
      const { emailLogin } = securitySettings(state);
      const fields = ['fullname', 'email', ...(emailLogin ? [] : ['username']), 'password', 'password_ctl', 'mail_me'];
      const required = fields.filter((f) => ['email', 'username', 'password', 'password_ctl'].includes(f));
      return json(schema(fields, required, REGISTRATION));
    },
  },
];

export const userschemaFamily: FamilyManifest = { name: 'userschema', routes: userschemaRoutes };
