// The change panel: what a write changed, as the server describes it (one line per change of the
// site state, then the indexes that followed). The explorer asks for it with a request header; the
// answer names the change, which is read at <site>/++dev++/changes/<seq>.

let config;
/** Described changes by seq, read once. */
const known = new Map();

export function setUp(siteConfig) {
  config = siteConfig;
}

export const askHeader = () => config.changes.askHeader;

/** The seq a response names, from a Headers object or a plain record of headers. */
export function seqOf(headers) {
  const name = config.changes.changeHeader.toLowerCase();
  if (!headers) return undefined;
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return String(v);
  return undefined;
}

/** Read change `seq` with the same credentials as the request that made it. */
export async function fetchChange(seq, authorization) {
  if (known.has(seq)) return known.get(seq);
  const headers = { Accept: 'application/json' };
  if (authorization) headers.Authorization = authorization;
  const res = await fetch(`${config.changes.stream}/${encodeURIComponent(seq)}`, { headers, credentials: 'omit' });
  const event = res.ok ? await res.json() : { error: `the change could not be read (${res.status})` };
  known.set(seq, event);
  return event;
}

export const cached = (seq) => known.get(seq);

function list(title, lines, kind) {
  const part = document.createElement('div');
  part.className = `change-part change-${kind}`;
  const h = document.createElement('h5');
  h.textContent = title;
  const ul = document.createElement('ul');
  for (const line of lines) {
    const li = document.createElement('li');
    li.className = `change-line area-${line.area.replace(/[^a-z]+/g, '-')} op-${line.op}`;
    li.textContent = line.text;
    ul.append(li);
  }
  part.append(h, ul);
  return part;
}

/** A DOM element telling a change (every string goes in as text, never as markup). */
export function renderChange(event) {
  const box = document.createElement('div');
  box.className = 'change-panel';
  if (!event) return box;
  if (event.error) {
    box.classList.add('change-missing');
    box.textContent = event.error;
    return box;
  }
  box.dataset.seq = String(event.seq);
  const head = document.createElement('h4');
  head.textContent = `What changed (change ${event.seq}${event.user ? `, by ${event.user}` : ''})`;
  box.append(head);
  if (!event.changes.length && !event.indexes.length) {
    const p = document.createElement('p');
    p.textContent = 'Nothing: the site state is as it was.';
    box.append(p);
  }
  if (event.changes.length) box.append(list('Site state', event.changes, 'state'));
  if (event.indexes.length) box.append(list('Indexes', event.indexes, 'indexes'));
  if (event.omitted) {
    const p = document.createElement('p');
    p.textContent = `… and ${event.omitted} more.`;
    box.append(p);
  }
  return box;
}

/** What a write without a named change tells: why there is no panel. */
export function renderNoChange(status) {
  const box = document.createElement('div');
  box.className = 'change-panel change-none';
  box.textContent =
    status >= 400
      ? 'Nothing changed: the request was refused.'
      : 'No change named: the request changed nothing, or you may not read changes (Managers may; on a server started with --dev-endpoints, every signed-in user).';
  return box;
}
