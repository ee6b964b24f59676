// The guided tour: log in, create a page, lock it, edit it with the lock token, publish it, search
// for it, read its history. Each step sends one request to the site (as the user chosen in the
// bar, through a token from the first step) and shows the request, the answer and its change.
import { authorization, current } from './identity.js';
import { askHeader, fetchChange, renderChange, renderNoChange, seqOf } from './changes.js';

let config;
/** What the steps learn: the token, the page's URL and path, the lock token, a word to search. */
let memory;
let next = 0;

const word = () => `tour${Math.random().toString(36).slice(2, 8)}`;
const sitePath = () => new URL(config.siteUrl).pathname;

const STEPS = [
  {
    title: 'Log in',
    text: 'POST @login with a login and password answers a token; the next steps send it as "Authorization: Bearer …". (It also sets the __ac cookie, which the explorer does not send.)',
    request: () => {
      const choice = current();
      if (choice.kind !== 'basic') throw new Error('Choose an account in the bar above (one that may add content, e.g. the Manager).');
      const password = choice.password ?? document.getElementById('password').value;
      return { method: 'POST', url: `${config.siteUrl}/@login`, body: { login: choice.login, password }, anonymous: true };
    },
    learn: (answer) => {
      memory.token = answer.body.token;
      memory.login = current().login;
    },
  },
  {
    title: 'Create a page',
    text: 'POST to a folder (here the site root) with "@type" and a title creates an object inside it: 201 and the new object, its URL in Location.',
    request: () => ({ method: 'POST', url: config.siteUrl, body: { '@type': 'Document', title: `Tour page ${memory.word}`, description: 'Made by the guided tour of the explorer' } }),
    learn: (answer) => {
      memory.url = answer.body['@id'];
      memory.path = new URL(memory.url).pathname.slice(sitePath().length);
    },
  },
  {
    title: 'Lock it',
    text: 'POST @lock locks the page for 10 minutes; the answer holds the lock token. Nobody else may change it meanwhile, and you must name the token to change it yourself.',
    request: () => ({ method: 'POST', url: `${memory.url}/@lock`, body: {} }),
    learn: (answer) => {
      memory.lockToken = answer.body.token;
    },
  },
  {
    title: 'Edit it with the Lock-Token',
    text: 'PATCH sends only the fields to change; the Lock-Token header proves you hold the lock. 204: done, no body. A saved version is added to the history.',
    request: () => ({ method: 'PATCH', url: memory.url, headers: { 'Lock-Token': memory.lockToken }, body: { title: `Tour page ${memory.word}, edited`, text: { data: `<p>The guided tour wrote this (${memory.word}).</p>`, 'content-type': 'text/html', encoding: 'utf-8' } } }),
  },
  {
    title: 'Publish it',
    text: 'POST @workflow/publish takes the publish transition: the review state changes, and so do the effective date and who may view the page (the catalog follows).',
    request: () => ({ method: 'POST', url: `${memory.url}/@workflow/publish`, body: { comment: 'Published by the guided tour' } }),
  },
  {
    title: 'Search for it',
    text: 'GET @search finds the page by a word of its title in the catalog.',
    request: () => ({ method: 'GET', url: `${config.siteUrl}/@search?SearchableText=${memory.word}&metadata_fields=review_state` }),
  },
  {
    title: 'Look at its history',
    text: 'GET @history lists what happened to the page: its creation, the edit (a version) and the publication.',
    request: () => ({ method: 'GET', url: `${memory.url}/@history` }),
  },
];

const stepsList = () => document.getElementById('tour-steps');

function excerpt(text) {
  const lines = text.split('\n');
  return lines.length > 40 ? [...lines.slice(0, 40), `… (${lines.length - 40} more lines)`].join('\n') : text;
}

async function send(step, item) {
  const r = step.request();
  const headers = { Accept: 'application/json', [askHeader()]: '1', ...r.headers };
  if (r.body !== undefined) headers['Content-Type'] = 'application/json';
  const auth = r.anonymous ? undefined : memory.token ? `Bearer ${memory.token}` : authorization();
  if (auth) headers.Authorization = auth;
  const line = document.createElement('pre');
  line.className = 'tour-request';
  const shown = new URL(r.url);
  line.textContent = `${r.method} ${shown.pathname}${shown.search}${r.headers ? Object.entries(r.headers).map(([k, v]) => `\n${k}: ${v}`).join('') : ''}${r.body !== undefined ? `\n\n${JSON.stringify(r.body, null, 2)}` : ''}`;
  item.append(line);
  const res = await fetch(r.url, { method: r.method, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body), credentials: 'omit' });
  const text = await res.text();
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const status = document.createElement('p');
  status.className = 'tour-status';
  status.dataset.status = String(res.status);
  status.textContent = `${res.status} ${res.statusText}`;
  const answer = document.createElement('pre');
  answer.className = 'tour-answer';
  answer.textContent = excerpt(body === undefined ? text || '(no body)' : JSON.stringify(body, null, 2));
  item.append(status, answer);
  if (r.method !== 'GET') {
    const seq = seqOf(res.headers);
    item.append(seq ? renderChange(await fetchChange(seq, auth)) : renderNoChange(res.status));
  }
  if (!res.ok) throw new Error(`${r.method} answered ${res.status}`);
  step.learn?.({ status: res.status, body });
}

/** Run the next step; false when the tour is over or a step failed. */
export async function runStep() {
  if (next >= STEPS.length) return false;
  const step = STEPS[next];
  const item = stepsList().children[next];
  item.classList.add('running');
  item.querySelector('.tour-result')?.remove();
  const result = document.createElement('div');
  result.className = 'tour-result';
  item.append(result);
  try {
    await send(step, result);
    item.classList.replace('running', 'done');
    next++;
    return true;
  } catch (err) {
    item.classList.replace('running', 'failed');
    const p = document.createElement('p');
    p.className = 'tour-error';
    p.textContent = err instanceof Error ? err.message : String(err);
    result.append(p);
    return false;
  }
}

export async function runAll() {
  while (await runStep());
}

function reset() {
  memory = { word: word() };
  next = 0;
  stepsList().replaceChildren(
    ...STEPS.map((s, i) => {
      const li = document.createElement('li');
      li.className = 'tour-step';
      li.dataset.step = String(i + 1);
      const h = document.createElement('h3');
      h.textContent = s.title;
      const p = document.createElement('p');
      p.textContent = s.text;
      li.append(h, p);
      return li;
    }),
  );
}

export function setUp(siteConfig) {
  config = siteConfig;
  reset();
  document.getElementById('tour-run').addEventListener('click', () => void runAll());
  document.getElementById('tour-step').addEventListener('click', () => void runStep());
  document.getElementById('tour-reset').addEventListener('click', reset);
}
