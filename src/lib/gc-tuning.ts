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
//
// On a machine of two cores or fewer the parallel scavenger is turned off too. A young-generation
// collection split over V8's helper threads costs the process more CPU than one done on the main
// thread alone; on two cores the helpers contend with the main thread and with the clients (with
// cores to spare they shorten the main thread's pause instead: left on there). Each scavenge of a
// POST load (~3 MB copied) took ~8 ms of the main thread plus ~20 ms of the helpers'.
// bench/spread-writes.ts, alternated on the same load (3-5), server CPU per POST (main thread /
// other threads): 481, 484, 514 us (439-472 / 40-43) without it, against 523, 543, 658 us (424-530 /
// 100-127) with it. The main thread's GC pause per POST hardly moved (94-133 against 95-131 us),
// nor did bench/stall.ts's most run in one gap (cases 4, 7, 10, 18: 9.4, 9.6, 19.1, 11.8 ms against
// 6.2, 14.5, 18.6, 18.2). Full collections keep their concurrent marking and sweeping.
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';

/** Cores from which the parallel scavenger is left on. */
const PARALLEL_SCAVENGE_FROM = 3;

/** Turn allocation-site pretenuring off, and the parallel scavenger on two cores (for the whole process; again: no change). */
export function keepGarbageYoung(cores = availableParallelism()): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
  if (cores < PARALLEL_SCAVENGE_FROM) setFlagsFromString('--no-parallel-scavenge');
}

// Not done: a bigger young generation. With --max-semi-space-size=32 (two 32 MB semi-spaces instead
// of 16) there are half the scavenges, and server CPU per POST in bench/spread-writes.ts fell by a
// quarter (844/879 us against 537/714, alternated on one busy load); but a scavenge copies what is
// alive in the young generation, and during a huge request (bench/stall.ts cases 4, 7, 10, 18: a
// 20 MB body, a 10 MB upload, 4 MB of rich text, 49,000 strings) that is up to twice as much: the
// most the server's thread ran in one gap went from 13.6-19.3 ms to 57.9-70.1 ms, over the 50 ms
// that no request may stall the others.
