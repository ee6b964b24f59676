// The explorer page: Swagger UI (from the package swagger-ui-dist, served by this server) on the
// site's OpenAPI document, with the explorer's additions through Swagger UI's own extension
// points: a request interceptor (the identity chosen in the bar, no cookies, slashes of {path}
// kept, the change asked for), a response interceptor (reads the change a write made, keeps
// tokens from @login) and a plugin that shows the change panel under each live response.
import * as identity from './identity.js';
import * as changes from './changes.js';
import * as tour from './tour.js';

const config = await (await fetch('config.json', { credentials: 'omit' })).json();
document.getElementById('site').textContent = `${config.siteTitle} — ${config.siteUrl}`;
identity.setUp(config.accounts);
changes.setUp(config);
tour.setUp(config);

/** Login names of @login requests on their way, by URL. */
let pendingLogin;

function requestInterceptor(request) {
  // `{path}` is a content path with its slashes: Swagger UI escapes them, the URL wants them.
  const at = request.url.indexOf('?');
  const [path, query] = at === -1 ? [request.url, ''] : [request.url.slice(0, at), request.url.slice(at)];
  request.url = path.replace(/%2F/gi, '/') + query;
  identity.apply(request);
  request.headers[changes.askHeader()] = '1';
  request.headers.Accept ??= 'application/json';
  request.authorizationUsed = request.headers.Authorization;
  if (request.method === 'POST' && /\/@login$/.test(path) && typeof request.body === 'string') {
    try {
      pendingLogin = JSON.parse(request.body).login;
    } catch {
      pendingLogin = undefined;
    }
  }
  return request;
}

async function responseInterceptor(response) {
  const seq = changes.seqOf(response.headers);
  if (seq) await changes.fetchChange(seq, identity.authorization());
  if (/\/@login$/.test(new URL(response.url).pathname) && response.ok && response.body?.token && pendingLogin) identity.addToken(pendingLogin, response.body.token);
  return response;
}

/** Swagger UI plugin: the change panel under each live response of a write. */
const ChangePanelPlugin = () => ({
  wrapComponents: {
    liveResponse: (Original, system) => (props) => {
      const React = system.React;
      const response = props.response;
      const method = String(props.method ?? '').toUpperCase();
      const headers = response?.get?.('headers');
      const plain = headers?.toJS ? headers.toJS() : headers;
      const seq = changes.seqOf(plain);
      const status = Number(response?.get?.('status') ?? 0);
      const panel = seq ? changes.renderChange(changes.cached(seq)) : method && method !== 'GET' && status ? changes.renderNoChange(status) : undefined;
      const holder = panel ? React.createElement('div', { className: 'change-holder', ref: (el) => el?.replaceChildren(panel) }) : null;
      return React.createElement('div', null, React.createElement(Original, props), holder);
    },
  },
});

window.ui = SwaggerUIBundle({
  url: config.openapi,
  dom_id: '#swagger',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'none',
  defaultModelsExpandDepth: -1,
  displayRequestDuration: true,
  filter: true,
  persistAuthorization: false,
  supportedSubmitMethods: ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'],
  requestInterceptor,
  responseInterceptor,
  plugins: [ChangePanelPlugin],
});
