// Keywords on users: create_user, and autologin (enable_autologin_as, set_autologin_username,
// disable_autologin — supplement-2 1.4). The autologin user lives in the site state, like the
// PAS plugin Plone stores in the site, so a teardown takes it back; src/auth applies it only to
// the clients RobotRemote answers.
import { arg, KeywordError, sendOk, splitNamed, text, type Keyword } from './keyword.ts';
import { commitAsSystem } from './site-keywords.ts';
import { toJson } from './content-keywords.ts';

const createUser: Keyword = {
  name: 'create_user',
  signature: { required: [], rest: true, named: true },
  doc: 'Create a user: the user name, then roles; properties as name=value (email, password, fullname, roles, ...).',
  async run(call, args, kwargs) {
    const { positional, named } = splitNamed(args, kwargs);
    const username = text(named.get('username')) ?? text(positional[0]);
    if (!username) throw new KeywordError("create_user() missing 1 required positional argument: 'username'");
    named.delete('username');
    const roles = named.has('roles') ? toJson(named.get('roles')) : positional.length > 1 ? positional.slice(1).map((r) => text(r) ?? '') : ['Member'];
    named.delete('roles');
    const body: Record<string, unknown> = Object.assign(Object.create(null), { username, email: `${username}@example.com`, password: username, roles });
    for (const [name, value] of named) body[name] = toJson(value);
    await sendOk(call, call.system, 'POST', '/@users', body);
    return undefined;
  },
};

const enableAutologin: Keyword = {
  name: 'enable_autologin_as',
  signature: { required: [], rest: true },
  doc: 'Authenticate every request (from a client RobotRemote answers) as a user with these roles.',
  run(call, args) {
    const roles = args.map((r) => text(r) ?? '').sort();
    commitAsSystem(call, 'enable_autologin_as', (draft) => void (draft.robotAutologin = { username: roles.join(', '), roles }));
    return undefined;
  },
};

const setAutologinUsername: Keyword = {
  name: 'set_autologin_username',
  signature: { required: ['username'] },
  doc: 'Change the name of the autologin user.',
  run(call, args, kwargs) {
    const username = text(arg(this, args, kwargs, 'username')) ?? '';
    if (!call.store.current.robotAutologin) throw new KeywordError('Autologin is not enabled');
    commitAsSystem(call, 'set_autologin_username', (draft) => void (draft.robotAutologin!.username = username));
    return undefined;
  },
};

const disableAutologin: Keyword = {
  name: 'disable_autologin',
  signature: { required: [] },
  doc: 'Stop authenticating requests as the autologin user.',
  run(call) {
    if (call.store.current.robotAutologin) commitAsSystem(call, 'disable_autologin', (draft) => void delete draft.robotAutologin);
    return undefined;
  },
};

export const userKeywords: Keyword[] = [createUser, enableAutologin, setAutologinUsername, disableAutologin];
