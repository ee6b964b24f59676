// Files the explorer's pages load, served from the package, never from the network: Swagger UI's
// bundle from node_modules/swagger-ui-dist (an allow-list of its files) and the explorer's own
// page, script and style from explorer/ (the files present at start). Read once per server and
// kept in memory, each with an ETag; text files are also kept compressed (brotli, gzip), each
// encoding made once, on first demand, by zlib's thread pool (not on the event loop).
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

/** Encodings offered for text files, in the server's order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number] | 'identity';

/** Files smaller than this are always sent as they are (compressing them gains nothing). */
const COMPRESS_FROM = 1024;

const compressors: Record<Exclude<Encoding, 'identity'>, (bytes: Uint8Array) => Promise<Uint8Array>> = {
  // quality 9: within a few percent of the best, at a fraction of the time of quality 11
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

export interface Asset {
  bytes: Uint8Array;
  contentType: string;
  /** The file's strong ETag (a digest of its bytes; each encoding has its own). */
  etag: string;
  /** Content-Encoding of `bytes`, when not the file as it is. */
  encoding?: Exclude<Encoding, 'identity'>;
  /** True when the file is offered in other encodings too (the answer then varies by Accept-Encoding). */
  compressible: boolean;
}

export const EXPLORER_DIR = join(PACKAGE_ROOT, 'explorer');

/** The files of one server's explorer, each read (and compressed) on first use. */
export class ExplorerAssets {
  private readonly swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  /** Names of the explorer's own files (letters, digits, dashes and a known extension). */
  private readonly own = new Set(readdirSync(EXPLORER_DIR).filter((n) => /^[a-z0-9-]+\.[a-z]+$/.test(n) && TYPES.has(extname(n))));
  /** `<encoding>\0<path>` -> the file in that encoding. */
  private readonly loaded = new Map<string, Promise<Asset>>();

  private load(path: string, encoding: Encoding): Promise<Asset> {
    const key = `${encoding}\u0000${path}`;
    let asset = this.loaded.get(key);
    if (!asset) {
      asset = encoding === 'identity' ? this.read(path) : this.compress(path, encoding);
      asset.catch(() => this.loaded.delete(key));
      this.loaded.set(key, asset);
    }
    return asset;
  }

  private async read(path: string): Promise<Asset> {
    const bytes = new Uint8Array(await readFile(path));
    const contentType = TYPES.get(extname(path))!;
    const compressible = bytes.length >= COMPRESS_FROM && contentType !== 'image/png';
    return { bytes, contentType, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`, compressible };
  }

  private async compress(path: string, encoding: Exclude<Encoding, 'identity'>): Promise<Asset> {
    const plain = await this.load(path, 'identity');
    if (!plain.compressible) return plain;
    const bytes = await compressors[encoding](plain.bytes);
    return { ...plain, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), etag: `${plain.etag.slice(0, -1)}-${encoding}"`, encoding };
  }

  /** A Swagger UI file by name, in `encoding` when it is offered so; undefined: not one the explorer serves. */
  swagger(name: string, encoding: Encoding = 'identity'): Promise<Asset> | undefined {
    return SWAGGER_FILES.has(name) ? this.load(join(this.swaggerDir, name), encoding) : undefined;
  }

  /** One of the explorer's own files by name, in `encoding` when it is offered so; undefined: none such. */
  explorer(name: string, encoding: Encoding = 'identity'): Promise<Asset> | undefined {
    return this.own.has(name) ? this.load(join(EXPLORER_DIR, name), encoding) : undefined;
  }
}
