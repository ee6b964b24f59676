// What the OpenAPI document says about each route beyond what the route table declares: a
// summary in our own words, the sub-paths after the endpoint name it answers, the query
// parameters it reads, and an example body. Keyed by "METHOD @endpoint" ("METHOD content" for the
// object itself, "GET @@view" for the binary views). Schemas come later, from the routes.

export interface QueryDoc {
  name: string;
  description: string;
  type?: 'string' | 'integer' | 'boolean';
  /** Repeatable (`name=a&name=b`). */
  repeat?: boolean;
  example?: unknown;
}

export interface OperationDoc {
  summary: string;
  description?: string;
  /**
   * Of a binary view (`@@name`): the sub-paths after it, each with `{name}` parameters described
   * in PATH_PARAMETERS; default ['']. A route declares its own (`Route.path`).
   */
  paths?: string[];
  query?: QueryDoc[];
  /** Example JSON body of a write (the explorer fills it in). */
  body?: unknown;
  /** Headers the route reads (Lock-Token, Prefer). */
  headers?: QueryDoc[];
  /** Status of a successful answer (default: 200, or 204 for PATCH and DELETE). */
  status?: number;
}

export type OperationDocs = Record<string, OperationDoc>;

/** Documentation of a family (an OpenAPI tag). */
export interface FamilyDoc {
  description: string;
}
