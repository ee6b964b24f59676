// The esbuild bundle of the command line (bin/cms-oracle.ts and everything it imports, npm
// packages left external): what `npm start` runs (.cache/bin/, rebuilt when sources change) and
// what the installed package runs (dist/bin/, built by `npm pack` through the prepack script).
// The bundle sits two levels below the project root so that paths resolved from
// import.meta.dirname (fixtures/) stay right.
//   node bin/bundle.mjs <outfile>
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = join(import.meta.dirname, '..');

/** Bundle `entry` (default the command line) into `outfile`; the benchmarks bundle their servers so too. */
export async function bundle(outfile, entry = join(ROOT, 'bin', 'cms-oracle.ts')) {
  const { build } = await import('esbuild');
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundle(resolve(process.argv[2] ?? join(ROOT, 'dist', 'bin', 'cms-oracle.mjs')));
}
