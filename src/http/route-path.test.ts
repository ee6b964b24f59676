// Path parameters as data: the segments after an endpoint fit one of the route's forms, or get
// the route's refusal.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, badRequest } from '../lib/errors.ts';
import { checkPath, formParams, type RoutePath } from './route-path.ts';

const refusal = (path: RoutePath, segments: string[]): ApiError | undefined => {
  try {
    checkPath(path, segments);
    return undefined;
  } catch (err) {
    return err as ApiError;
  }
};

describe('checkPath', () => {
  const users: RoutePath = { forms: ['', '/{userid}/reset-password'], params: { userid: { description: 'Id of the user.' } } };

  it('takes the forms, literal segments included, and refuses any other with a 404 by default', () => {
    expect(refusal(users, [])).toBeUndefined();
    expect(refusal(users, ['jane', 'reset-password'])).toBeUndefined();
    for (const other of [['jane'], ['jane', 'reset'], ['jane', 'reset-password', 'x']]) expect(refusal(users, other)).toMatchObject({ status: 404, type: 'NotFound' });
  });

  it('checks a parameter against its schema, and answers the route’s own refusal', () => {
    const form: RoutePath = { forms: ['', '/{form}'], params: { form: { description: 'd', schema: z.literal('registration') } }, refuse: () => badRequest('Parameters supplied are not valid.') };
    expect(refusal(form, ['registration'])).toBeUndefined();
    expect(refusal(form, ['other'])).toMatchObject({ status: 400, message: 'Parameters supplied are not valid.' });
  });

  it('lets segments beyond the longest form through only when the route says so', () => {
    const ignored: RoutePath = { forms: ['/{transition}'], params: { transition: { description: 'd' } }, more: 'ignored', refuse: () => badRequest('Missing transition') };
    expect(refusal(ignored, ['publish', 'extra', 'more'])).toBeUndefined();
    expect(refusal(ignored, [])).toMatchObject({ status: 400, message: 'Missing transition' });
    expect(refusal({ ...ignored, more: undefined }, ['publish', 'extra'])).toMatchObject({ status: 400 });
  });

  it('names the parameters of a form in order', () => {
    expect(formParams('/{type}/{name}')).toEqual(['type', 'name']);
    expect(formParams('/rebuild')).toEqual([]);
  });
});
