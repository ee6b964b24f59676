// V8's allocation-site pretenuring, turned off for the server's process (by the command,
// bin/cms-oracle.ts, and by the benchmarks' servers that stand for it; never by createServer: a
// process that embeds the server, a test run or an application, keeps its own V8 settings). V8 watches where objects
// are made (object and array literals, Immer's draft states, copies of the state's arrays) and, when
// nearly all made at one place outlive a young-generation collection, makes that place allocate in
// the old generation from then on, for good. A long recipe (preparing a site in commits of a
// thousand creates, an import, a big copy) keeps every draft and copy it makes alive until it ends,
// so the places a POST allocates at get that decision; afterwards each request's drafts, copies and
// answer texts, garbage a few microseconds later, land in the old generation, and only the
// (costlier, incremental) full collections free them. Server CPU per POST or doc, runs alternated
// on the same load: bench/spread-writes.ts (a site of 100,000 objects made in such commits) 623-714
// us with it, 470-528 without; bench/folders.ts bulk series 443/561 against 308/346 (first/last
// round); bench/persistence.ts restores 100,000 objects in 3.2 s without it against 6.8 s.
import { setFlagsFromString } from 'node:v8';

/** Turn allocation-site pretenuring off (for the whole process; again: no change). */
export function keepGarbageYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}

/**
 * Node flags the server's process starts with (`npm start`'s script in package.json and the
 * shebang of bin/run.mjs name them; gc-tuning.test.ts checks both): V8's young generation grows
 * up to two semi-spaces of 32 MB instead of 16. Every request's garbage (drafts, patches, answer
 * texts) dies young; with 10 writers a scavenge came every few dozen POSTs, and each one copies
 * what is in flight at that moment. With twice the room there are half the scavenges. Server CPU
 * per POST, bench/spread-writes.ts, runs alternated on the same (busy) load: 844 and 879 us with
 * 16 MB, 537 and 714 with 32, 613 and 668 with 64. The flag can only be given at start: V8 sizes the
 * young generation once, when the process starts (setFlagsFromString comes too late). The cost is
 * memory while writes go on: up to 32 MB more, which settleAfterStart and V8's own shrinking give
 * back when the server is idle.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
