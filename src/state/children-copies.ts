// The copy-on-write bookkeeping of the children writers (children.ts, children-trie.ts): a write
// makes no Immer draft of a children record; it copies each list or object on the way to a change
// once per recipe and changes its own copies in place. Which objects are its own is known only by
// this bookkeeping: an earlier state is not frozen when serving (freeze.ts).

/** Objects kept in a list, looked through, before MadeSet turns to a Set. */
const SHORT = 32;

/**
 * The objects a recipe made (see Made): a short list looked through while it holds at most SHORT,
 * a Set beyond. A create makes about a dozen; a Set of them grows its table three times on the way
 * (~1.3 KB a create, against one list of 17 slots), and looking through a dozen pointers costs
 * no more than hashing one.
 */
export class MadeSet {
  private list: object[] = [];
  private set: Set<object> | undefined;

  has(x: object): boolean {
    if (this.set) return this.set.has(x);
    const list = this.list;
    for (let i = 0; i < list.length; i++) if (list[i] === x) return true;
    return false;
  }

  add(x: object): void {
    if (this.set) this.set.add(x);
    else if (this.list.length < SHORT) this.list.push(x);
    else {
      this.set = new Set(this.list).add(x);
      this.list = [];
    }
  }
}

/** The lists and objects this module made in a recipe, by the node (a draft, or a node made by the recipe) whose children they are. */
const copies = new WeakMap<object, MadeSet>();

/** A write in progress: what the recipe made for the node written so far (it changes those in place). */
export interface Made {
  made: MadeSet;
}

/**
 * `x` itself when this recipe made it for the node written (changed in place), else a copy,
 * marked so, that `put` stores in its place. Anything else may be part of an earlier state, which
 * is not frozen when serving (freeze.ts): only this bookkeeping tells. A later recipe writes
 * through another draft of the node, so it copies again.
 */
export function mutable<T extends object>(w: Made, x: T, put: (copy: T) => void): T {
  if (w.made.has(x)) return x;
  const copy = (Array.isArray(x) ? x.slice() : { ...x }) as T;
  w.made.add(copy);
  put(copy);
  return copy;
}

/**
 * `holder[key]` ready to change in place: mutable() of it, a copy stored back in `holder` (a value
 * this recipe made, or a draft). No callback: the closure mutable() takes is made at every call,
 * also when nothing is copied (a create calls this about ten times).
 */
export function mutableIn<H extends object, K extends keyof H>(w: Made, holder: H, key: K): H[K] & object {
  const x = holder[key] as H[K] & object;
  if (w.made.has(x)) return x;
  const copy = (Array.isArray(x) ? x.slice() : { ...x }) as H[K] & object;
  w.made.add(copy);
  holder[key] = copy;
  return copy;
}

/**
 * `holder[key]`, a list, with `values` added at its end, ready to change in place: pushed onto
 * when this recipe made it, else a copy of it with them, stored back in `holder`. The copy is made
 * at its size in one allocation (concat): slice() and then push() would copy the list twice, and
 * V8 gives a list grown by push() room for about half as many slots again, room the published
 * state would hold on to (a folder's last chunk, a trie leaf, a bucket of the UID index: written
 * by every create). concat adds the elements of `values` as they are (lists too).
 */
export function appendIn<H extends object, K extends keyof H>(w: Made, holder: H, key: K, ...values: unknown[]): H[K] & object {
  const x = holder[key] as H[K] & unknown[];
  if (w.made.has(x)) {
    for (const v of values) x.push(v);
    return x;
  }
  const copy = x.concat(values) as H[K] & unknown[];
  w.made.add(copy);
  holder[key] = copy;
  return copy;
}

/** A new value made by this write (changed in place later in the same recipe). */
export function owned<T extends object>(w: Made, x: T): T {
  w.made.add(x);
  return x;
}

/** What this recipe made for `node`'s children so far. */
export function madeFor(node: object): MadeSet {
  let made = copies.get(node);
  if (!made) copies.set(node, (made = new MadeSet()));
  return made;
}
