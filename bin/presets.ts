// Presets: a set of flag values chosen with one flag (--preset NAME or CMS_ORACLE_PRESET). A flag
// or its environment variable given explicitly wins over the preset.
//   acceptance  Plone's acceptance backend, as Volto's and @plone/client's end-to-end suites
//               expect it (../shared/spec/supplement-2.md 1-3): http://localhost:55001/plone,
//               admin:secret, the acceptance fixture, RobotRemote on, memory only (Plone's
//               acceptance server keeps nothing: every start is the fixture). Like Plone's test
//               server it also reads WSGI_SERVER_PORT / ZSERVER_PORT and WSGI_SERVER_HOST /
//               ZSERVER_HOST.

export type PresetValues = Partial<Record<string, string>>;

export function presetValues(name: string, env: NodeJS.ProcessEnv): PresetValues | undefined {
  switch (name) {
    case 'acceptance':
      return {
        port: env.WSGI_SERVER_PORT || env.ZSERVER_PORT || '55001',
        host: env.WSGI_SERVER_HOST || env.ZSERVER_HOST || '127.0.0.1',
        'site-path': '/plone',
        admin: 'admin:secret',
        fixture: 'acceptance',
        'data-dir': 'none',
        'robot-remote': 'true',
      };
    default:
      return undefined;
  }
}

export const PRESETS = ['acceptance'];

/** `loopback`, `any`, or a comma-separated list of client addresses; undefined: not one of those. */
export function parseRobotClients(text: string): 'loopback' | 'any' | string[] | undefined {
  const value = text.trim();
  if (value === '' || value === 'loopback') return 'loopback';
  if (value === 'any') return 'any';
  const list = value.split(',').map((a) => a.trim()).filter(Boolean);
  return list.length && list.every((a) => /^[0-9A-Fa-f:.]+$/.test(a)) ? list : undefined;
}
