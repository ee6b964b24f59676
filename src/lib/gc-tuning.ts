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

// Not done: a bigger young generation. With --max-semi-space-size=32 (two 32 MB semi-spaces instead
// of 16) there are half the scavenges, and server CPU per POST in bench/spread-writes.ts fell by a
// quarter (844/879 us against 537/714, alternated on one busy load); but a scavenge copies what is
// alive in the young generation, and during a huge request (bench/stall.ts cases 4, 7, 10, 18: a
// 20 MB body, a 10 MB upload, 4 MB of rich text, 49,000 strings) that is up to twice as much: the
// most the server's thread ran in one gap went from 13.6-19.3 ms to 57.9-70.1 ms, over the 50 ms
// that no request may stall the others.
