// Types of bin/bundle.mjs for the TypeScript that imports it (the benchmarks).
export const ROOT: string;
export function bundle(outfile: string, entry?: string): Promise<void>;
