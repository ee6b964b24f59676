// The landing page at the server root: the site served, the accounts to try, and the ways in
// (the explorer, the OpenAPI document, the site's JSON, the change stream). Every value from the
// state or the request is escaped by Hono's html template; with Accept: application/json the
// same facts come as JSON.
import { html } from 'hono/html';
import type { Account } from './accounts.ts';

export interface LandingFacts {
  serverUrl: string;
  siteUrl: string;
  siteTitle: string;
  objects: number;
  fixture?: string;
  version: string;
  accounts: Account[];
  /** Any authenticated user may read the change stream (--dev-endpoints). */
  changesOpen: boolean;
}

export const EXPLORER_PATH = '/++explorer++/';
export const OPENAPI_PATH = '/openapi.json';

export function landingJson(f: LandingFacts): Record<string, unknown> {
  return {
    '@id': `${f.serverUrl}/`,
    version: f.version,
    sites: [{ '@id': f.siteUrl, title: f.siteTitle, objects: f.objects, ...(f.fixture ? { fixture: f.fixture } : {}) }],
    explorer: `${f.serverUrl}${EXPLORER_PATH}`,
    openapi: `${f.serverUrl}${OPENAPI_PATH}`,
    changes: `${f.siteUrl}/++dev++/changes`,
    accounts: f.accounts,
  };
}

export function landingPage(f: LandingFacts): string {
  const account = (a: Account) => html`<tr>
    <td><code>${a.login}</code>${a.id !== a.login ? html` <small>(id <code>${a.id}</code>)</small>` : ''}</td>
    <td>${[...a.roles, ...a.groups.map((g) => `group ${g}`)].join(', ')}</td>
    <td>${a.password !== undefined ? html`<code>${a.password}</code>` : html`<em>the one given with --admin</em>`}</td>
  </tr>`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cms-oracle: ${f.siteTitle}</title>
<link rel="stylesheet" href="${EXPLORER_PATH}explorer.css">
<link rel="icon" href="${EXPLORER_PATH}swagger-ui/favicon-32x32.png">
</head>
<body class="landing">
<main>
<h1>cms-oracle <small>${f.version}</small></h1>
<p>An in-memory server of the content-management REST interface (the Plone REST API).</p>
<section id="site">
<h2>The site</h2>
<p><a href="${f.siteUrl}">${f.siteTitle}</a> at <code>${f.siteUrl}</code>: ${f.objects} objects${f.fixture ? html`, from the fixture <code>${f.fixture}</code>` : ''}.
Ask for JSON (<code>Accept: application/json</code>), or go through <a href="${f.siteUrl}/++api++"><code>${f.siteUrl}/++api++</code></a>.</p>
</section>
<section id="start">
<h2>Start here</h2>
<ul>
<li><a id="explorer-link" href="${EXPLORER_PATH}"><strong>The explorer</strong></a>: every endpoint, grouped by family, sent to this site as the user you choose, with what each write changed; and a guided tour.</li>
<li><a id="openapi-link" href="${OPENAPI_PATH}">The OpenAPI 3.1 document</a> (also at <code>${f.siteUrl}/++api++/openapi.json</code>).</li>
<li>The change stream: <code>${f.siteUrl}/++dev++/changes</code> (Server-Sent Events of every commit, for ${f.changesOpen ? 'any authenticated user' : 'Managers'}); start the server with <code>--trace</code> to see the changes under each request in the terminal.</li>
</ul>
</section>
<section id="accounts">
<h2>Accounts</h2>
<table>
<thead><tr><th>Login</th><th>Roles</th><th>Password</th></tr></thead>
<tbody>${f.accounts.map(account)}</tbody>
</table>
<p>The passwords shown are the documented ones of test accounts.</p>
</section>
</main>
</body>
</html>
`;
  return String(page);
}
