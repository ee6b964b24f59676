// The folder of the package (where package.json, fixtures/ and explorer/ are). This module sits
// two levels below it, as the command-line bundle does (.cache/bin/, dist/bin/), so the same
// path is right from the sources and from the bundle.
import { resolve } from 'node:path';

export const PACKAGE_ROOT = resolve(import.meta.dirname, '..', '..');
