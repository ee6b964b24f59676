// The URL segments a route takes after its endpoint (`@users/{userid}/reset-password`), declared as
// data: the forms the rest of the URL may take, written as OpenAPI path templates, and each
// parameter they name (its description and, where the route accepts only some values, a schema).
// Dispatch matches the segments against the forms before the body is read, so a handler only
// sees a URL of one of its forms; what fits no form answers the route's refusal (a 404 unless the
// route answers otherwise, in Plone's words). The OpenAPI document shows each form as a path with
// `in: path` parameters.
import type { z } from 'zod';
import { notFound, type ApiError } from '../lib/errors.ts';

export interface PathParam {
  description: string;
  /** The values the segment may take (default: any); a segment that fails it fits no form. */
  schema?: z.ZodType<string>;
}

export interface RoutePath {
  /**
   * The forms of the URL after the endpoint, as path templates: `''` for the endpoint itself,
   * `/{name}` for one parameter, `/rebuild` for a fixed segment.
   */
  forms: string[];
  /** Every parameter the forms name, by name. */
  params: Record<string, PathParam>;
  /**
   * Segments beyond the longest form that fits the first ones are not looked at (Plone's service
   * reads only the first ones), or, for @controlpanels, are the custom panel's own to judge.
   */
  more?: 'ignored' | 'panel';
  /** The answer to segments that fit no form (default 404 NotFound); `segments`: those after the endpoint. */
  refuse?: (segments: readonly string[]) => ApiError;
}

/** The segments of a form: a literal, or the name of a parameter. */
export interface FormSegment {
  literal?: string;
  param?: string;
}

/** The segments of each form of a path declaration, split once per declaration. */
const split = new WeakMap<RoutePath, FormSegment[][]>();

export function formSegments(path: RoutePath): FormSegment[][] {
  let forms = split.get(path);
  if (!forms) {
    forms = path.forms.map((form) =>
      form
        .split('/')
        .filter(Boolean)
        .map((s) => (/^\{[^}]+\}$/.test(s) ? { param: s.slice(1, -1) } : { literal: s })),
    );
    split.set(path, forms);
  }
  return forms;
}

/** The names of the parameters a form template names, in order. */
export const formParams = (form: string): string[] => [...form.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

function fits(path: RoutePath, form: FormSegment[], segments: readonly string[]): boolean {
  if (segments.length < form.length || (segments.length > form.length && !path.more)) return false;
  return form.every((part, i) => {
    if (part.literal !== undefined) return segments[i] === part.literal;
    const schema = path.params[part.param!]?.schema;
    return !schema || schema.safeParse(segments[i]).success;
  });
}

/**
 * Throws the route's refusal when `segments` fit none of its forms. With `more`, segments beyond
 * a form fit it only when no form is as long as the segments (the longest forms are tried first).
 */
export function checkPath(path: RoutePath, segments: readonly string[]): void {
  const forms = formSegments(path);
  const exact = forms.some((form) => form.length === segments.length && fits(path, form, segments));
  if (exact) return;
  if (path.more && segments.length > Math.max(...forms.map((f) => f.length)) && forms.some((form) => fits(path, form, segments))) return;
  throw path.refuse ? path.refuse(segments) : notFound();
}
