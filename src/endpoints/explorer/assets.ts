// Files the explorer's pages load, served from the package, never from the network: Swagger UI's
// bundle from node_modules/swagger-ui-dist (an allow-list of its files) and the explorer's own
// page, script and style from explorer/ (the files present at start). Read once per server and
// kept in memory.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { PACKAGE_ROOT } from '../../lib/package-root.ts';

/** Swagger UI files the explorer page uses. */
const SWAGGER_FILES = new Set(['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png', 'favicon-16x16.png']);

const TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.png', 'image/png'],
  ['.svg', 'image/svg+xml'],
]);

export interface Asset {
  bytes: Uint8Array;
  contentType: string;
}

export const EXPLORER_DIR = join(PACKAGE_ROOT, 'explorer');

/** The files of one server's explorer, each read on first use. */
export class ExplorerAssets {
  private readonly swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  /** Names of the explorer's own files (letters, digits, dashes and a known extension). */
  private readonly own = new Set(readdirSync(EXPLORER_DIR).filter((n) => /^[a-z0-9-]+\.[a-z]+$/.test(n) && TYPES.has(extname(n))));
  private readonly loaded = new Map<string, Promise<Asset>>();

  private load(path: string): Promise<Asset> {
    let asset = this.loaded.get(path);
    if (!asset) {
      asset = readFile(path).then((bytes) => ({ bytes: new Uint8Array(bytes), contentType: TYPES.get(extname(path))! }));
      asset.catch(() => this.loaded.delete(path));
      this.loaded.set(path, asset);
    }
    return asset;
  }

  /** A Swagger UI file by name; undefined: not one the explorer serves. */
  swagger(name: string): Promise<Asset> | undefined {
    return SWAGGER_FILES.has(name) ? this.load(join(this.swaggerDir, name)) : undefined;
  }

  /** One of the explorer's own files by name; undefined: none such. */
  explorer(name: string): Promise<Asset> | undefined {
    return this.own.has(name) ? this.load(join(EXPLORER_DIR, name)) : undefined;
  }
}
