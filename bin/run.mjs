#!/usr/bin/env node
// The `cms-oracle` command of the installed package: plain node on the prebuilt bundle
// (dist/bin/cms-oracle.mjs, made by `npm pack`'s prepack script), so a project that installs
// cms-oracle as a dependency needs none of the checkout's dev tooling. In a checkout without the
// bundle it runs what `npm start` runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const prebuilt = join(import.meta.dirname, '..', 'dist', 'bin', 'cms-oracle.mjs');
if (existsSync(prebuilt)) {
  process.argv[1] = prebuilt;
  await import(pathToFileURL(prebuilt).href);
} else {
  await import('./start.mjs');
}
