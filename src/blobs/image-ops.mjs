// What is done with image bytes (src/blobs/images.ts): read their size, scale them, paint a
// plain PNG. Plain JavaScript, given sharp as an argument, so that the image worker thread
// (image.worker.mjs) and the server's thread (when there is no worker) run the same code.

/** Output formats sharp writes, by name. */
const ENCODE = {
  png: (p) => p.png(),
  jpeg: (p) => p.jpeg({ quality: 85 }),
  webp: (p) => p.webp({ quality: 85 }),
  gif: (p) => p.gif(),
  avif: (p) => p.avif(),
};

/** Runs one image operation `ask` with `sharp`. */
export async function runImageOp(sharp, ask) {
  switch (ask.op) {
    case 'metadata': {
      const meta = await sharp(ask.bytes).metadata();
      return { width: meta.width, height: meta.height };
    }
    case 'resize': {
      const pipeline = sharp(ask.bytes, { animated: false }).resize(ask.width, ask.height, { fit: ask.fit });
      const encode = Object.hasOwn(ENCODE, ask.format) ? ENCODE[ask.format] : (p) => p;
      const { data, info } = await encode(pipeline).toBuffer({ resolveWithObject: true });
      return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    }
    case 'paint': {
      const [r, g, b] = ask.rgb;
      const data = await sharp({ create: { width: ask.width, height: ask.height, channels: 3, background: { r, g, b } } }).png().toBuffer();
      return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.length), width: ask.width, height: ask.height };
    }
    default:
      throw new Error(`unknown image operation ${String(ask.op)}`);
  }
}
