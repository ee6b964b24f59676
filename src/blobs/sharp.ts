// sharp (libvips) takes about half a second to load: it is loaded on first use (an image upload,
// a scale, a portrait), not when the server starts, so a site without images starts without it.
// It runs in the image worker thread (images.ts); it is loaded in this thread only when that
// worker cannot run.
type Sharp = typeof import('sharp').default;

let loading: Promise<Sharp> | undefined;

export const loadSharp = (): Promise<Sharp> => (loading ??= import('sharp').then((m) => m.default));
