// Compressed posting lists of the full-text index. A term's list, in one byte array, is its
// length (df) then one entry per document in ascending document order: the gap to the previous
// document (minus one) times two, plus one when the term frequency is above 1, followed by that
// frequency. All numbers are LEB128 varints (7 bits a byte), so a posting with tf 1 (95% of them)
// and a gap below 64 takes one byte instead of the six of an (int32 doc, uint16 tf) pair.

/** Bytes of the varint of `v` (0 <= v < 2^35). */
export const varintLength = (v: number): number => (v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5);

/** Write the varint of `v` (0 <= v < 2^32) at `at`; returns the position after it. */
export function writeVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v = v >>> 7;
  }
  out[at++] = v;
  return at;
}

/** The varint at `at` (a list's length, read without a cursor). */
export function readVarint(bytes: Uint8Array, at: number): number {
  let v = 0;
  for (let shift = 1; ; shift *= 0x80) {
    const b = bytes[at++];
    v += (b & 0x7f) * shift;
    if (b < 0x80) return v;
  }
}

/** The encoded value of a posting `gap` (>= 1) after the previous document, with frequency `tf`. */
const entry = (gap: number, tf: number): number => (gap - 1) * 2 + (tf > 1 ? 1 : 0);

/** Bytes of one posting. */
export const postingLength = (gap: number, tf: number): number => varintLength(entry(gap, tf)) + (tf > 1 ? varintLength(tf) : 0);

/** Write one posting at `at`; returns the position after it. */
export function writePosting(out: Uint8Array, at: number, gap: number, tf: number): number {
  at = writeVarint(out, at, entry(gap, tf));
  return tf > 1 ? writeVarint(out, at, tf) : at;
}

/** Where the lists of a field live: term t's list is bytes[start[t] .. start[t + 1]) (empty: none). */
export interface ListSource {
  start: Int32Array;
  bytes: Uint8Array;
}

const NO_BYTES = new Uint8Array(0);

/** Reads one posting list: `open` it, then `next()` until false; `doc` and `tf` are the current posting. */
export class PostingCursor {
  private bytes: Uint8Array = NO_BYTES;
  private pos = 0;
  private end = 0;
  doc = -1;
  tf = 0;

  /** Position on the list of term `t`; returns its length (0: no list). */
  open(src: ListSource, t: number): number {
    this.doc = -1;
    if (t + 1 >= src.start.length || src.start[t] === src.start[t + 1]) {
      this.pos = this.end = 0;
      return 0;
    }
    this.bytes = src.bytes;
    this.pos = src.start[t];
    this.end = src.start[t + 1];
    return this.read();
  }

  private read(): number {
    const b = this.bytes;
    let x = b[this.pos++];
    if (x < 0x80) return x;
    let v = x & 0x7f;
    x = b[this.pos++];
    v |= (x & 0x7f) << 7;
    if (x < 0x80) return v;
    x = b[this.pos++];
    v |= (x & 0x7f) << 14;
    if (x < 0x80) return v;
    x = b[this.pos++];
    v |= (x & 0x7f) << 21;
    if (x < 0x80) return v;
    return v + b[this.pos++] * 0x10000000;
  }

  next(): boolean {
    if (this.pos >= this.end) return false;
    const v = this.read();
    this.doc += (v >>> 1) + 1;
    this.tf = v & 1 ? this.read() : 1;
    return true;
  }
}

/** A growable byte array the lists of one field are written into. */
export class ByteWriter {
  bytes: Uint8Array;
  at = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }

  /** Make room for `n` more bytes. */
  reserve(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.at + n, Math.ceil(this.bytes.length * 1.25)));
    next.set(this.bytes.subarray(0, this.at));
    this.bytes = next;
  }

  /** The bytes written (a view: no copy). */
  done(): Uint8Array {
    return this.bytes.subarray(0, this.at);
  }
}
