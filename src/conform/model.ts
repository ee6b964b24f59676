// The data of a conformance run: checks (what is judged), steps (what was sent and answered),
// results and the report. Plain data only: the engine, the checks and the reporters share it.

/** MUST: the seed says it. SHOULD: only the real Plone REST API (the supplements) does it. */
export type Level = 'MUST' | 'SHOULD';

export type Status = 'passed' | 'failed' | 'not_applicable' | 'known';

/** Optional features a server may offer; found by the probes before the run (see probe.ts). */
export type Feature =
  | 'basic-auth'
  | 'token-storage'
  | 'cookie-sessions'
  | 'robot-remote'
  | 'multilingual'
  | 'folderish-pages'
  | 'plain-pages'
  | 'email-login'
  | 'username-login'
  | 'working-copy'
  | 'tus'
  | 'comments'
  | 'folders'
  | 'collections';

/** A check, run with the context `C` it asks and records through (`Check` in context.ts). */
export interface CheckOf<C> {
  /** Stable id, `<family>.<topic>.<what-is-checked>`: implementers track a check by it across releases. */
  id: string;
  family: string;
  level: Level;
  /** Where the rule comes from, e.g. `seed: Endpoints/Content` or `supplement 9.1`. */
  source: string;
  /** One sentence: what a conforming server does. */
  title: string;
  /** Optional features the check needs; without one of them the check is not applicable. */
  needs?: Feature[];
  run(t: C): Promise<void>;
}

/** One request and its answer, as recorded for the reports (credentials and tokens redacted). */
export interface Step {
  method: string;
  url: string;
  /** Who called: `admin`, `anonymous`, a user id, `bearer <user>`, `cookie <user>`. */
  auth: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** A transport error (connection refused, timeout) instead of an answer. */
  error?: string;
  ms: number;
}

/** One difference between what was expected and what came back. */
export interface Difference {
  /** Where in the value, e.g. `status`, `body.items[0].@id`, `header Location`. */
  path: string;
  expected: string;
  actual: string;
}

export interface Failure {
  /** What was being checked, e.g. `POST /conform-x1 answers 201`. */
  message: string;
  differences: Difference[];
  /** Index into the check's steps of the request the failure is about, if any. */
  step?: number;
}

export interface CheckResult {
  id: string;
  family: string;
  level: Level;
  source: string;
  title: string;
  status: Status;
  /** Why it failed, is not applicable, or is a known difference. */
  reason?: string;
  failure?: Failure;
  steps: Step[];
  ms: number;
}

export interface FamilySummary {
  family: string;
  passed: number;
  failed: number;
  not_applicable: number;
  known: number;
  ms: number;
}

export interface Summary {
  passed: number;
  failed: number;
  not_applicable: number;
  known: number;
  /** Failed checks of level MUST (they decide the exit code). */
  failed_must: number;
}

export interface FeatureReport {
  offered: boolean;
  reason: string;
}

export interface Comparison {
  previous: string;
  regressed: string[];
  fixed: string[];
  added: string[];
  removed: string[];
}

export interface Report {
  tool: { name: string; version: string };
  site: string;
  started: string;
  ms: number;
  features: Record<string, FeatureReport>;
  summary: Summary;
  families: FamilySummary[];
  checks: CheckResult[];
  /** Things the run could not undo or could not verify (cleanup failures, left-over changes). */
  warnings: string[];
  comparison?: Comparison;
  /** With isolation verified: what the run left changed (empty: nothing). */
  isolation?: string[];
}
