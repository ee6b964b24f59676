// Who the explorer sends requests as: anonymous, an account of the site (HTTP Basic, with the
// documented password or one typed in), a token from @login (Bearer), or whatever Swagger UI's
// own Authorize dialog holds. The browser's cookies are never sent: the choice here decides.

const select = () => document.getElementById('identity');
const password = () => document.getElementById('password');
const note = () => document.getElementById('identity-note');

/** key -> { label, kind: 'anonymous' | 'basic' | 'bearer' | 'authorize', login?, password?, token? } */
const choices = new Map();

function option(key, choice) {
  choices.set(key, choice);
  const el = document.createElement('option');
  el.value = key;
  el.textContent = choice.label;
  select().append(el);
  return el;
}

function refresh() {
  const choice = current();
  const needsPassword = choice.kind === 'basic' && choice.password === undefined;
  password().hidden = !needsPassword;
  note().textContent = needsPassword ? `type the password of ${choice.login}` : choice.kind === 'bearer' ? 'a token from @login' : '';
}

/** The choice in force. */
export function current() {
  return choices.get(select().value) ?? { label: 'Anonymous', kind: 'anonymous' };
}

/** base64 of a UTF-8 string (btoa takes Latin-1 only). */
const base64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** The Authorization header for a choice (undefined: none, or leave the request's own). */
export function authorization(choice = current()) {
  if (choice.kind === 'basic') return `Basic ${base64(`${choice.login}:${choice.password ?? password().value}`)}`;
  if (choice.kind === 'bearer') return `Bearer ${choice.token}`;
  return undefined;
}

/** Fill the choices from the site's accounts; the first Manager with a known password is chosen. */
export function setUp(accounts) {
  option('anonymous', { label: 'Anonymous', kind: 'anonymous' });
  let chosen = 'anonymous';
  for (const a of accounts) {
    const key = `basic:${a.login}`;
    const roles = a.roles.length ? ` (${a.roles.join(', ')})` : '';
    option(key, { label: `${a.login}${roles}`, kind: 'basic', login: a.login, password: a.password });
    if (chosen === 'anonymous' && a.roles.includes('Manager') && a.password !== undefined) chosen = key;
  }
  option('authorize', { label: "Swagger's Authorize dialog", kind: 'authorize' });
  select().value = chosen;
  select().addEventListener('change', refresh);
  refresh();
}

/** Offer (and choose) a token that @login answered. */
export function addToken(login, token) {
  const key = `bearer:${login}:${token.slice(-12)}`;
  if (!choices.has(key)) option(key, { label: `Token of ${login} (from @login)`, kind: 'bearer', login, token });
  select().value = key;
  refresh();
}

/** Put the chosen identity on a Swagger UI request (and no cookies). */
export function apply(request) {
  request.credentials = 'omit';
  const choice = current();
  if (choice.kind === 'authorize') return request;
  const header = authorization(choice);
  for (const name of Object.keys(request.headers)) if (name.toLowerCase() === 'authorization') delete request.headers[name];
  if (header) request.headers.Authorization = header;
  return request;
}
