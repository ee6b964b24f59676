import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.ts';
import { asObjectBody, bodyFields, malformedBody, objectBody } from './body.ts';

const thrown = (f: () => unknown): ApiError => {
  try {
    f();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('nothing thrown');
};

describe('objectBody', () => {
  it('gives a JSON object back as it is', () => {
    const body = { title: 'x' };
    expect(objectBody({ body })).toBe(body);
  });

  it.each([undefined, null, [], 'text', 3, true])('answers the one malformed-body error for %j', (body) => {
    const err = thrown(() => objectBody({ body }));
    expect([err.status, err.type, err.message, err.shape]).toEqual([400, 'DeserializationError', 'Malformed body', 'service']);
  });

  it("keeps each service's wording", () => {
    expect(thrown(() => asObjectBody([], { style: 'bad-request' }))).toMatchObject({ type: 'BadRequest', shape: 'exception' });
    expect(thrown(() => asObjectBody(1, { style: 'bad-request-service' }))).toMatchObject({ type: 'BadRequest', shape: 'service' });
    expect(thrown(() => asObjectBody(undefined, { absentMessage: 'none' })).message).toBe('none');
    expect(asObjectBody(undefined, { absentIsEmpty: true })).toEqual({});
    expect(thrown(() => asObjectBody(null, { absentIsEmpty: true })).message).toBe('Malformed body');
    expect(malformedBody('x').message).toBe('x');
  });

  it('bodyFields reads members of an object body only', () => {
    expect(bodyFields({ a: 1 })).toEqual({ a: 1 });
    expect(bodyFields(['a'])).toEqual({});
    expect(bodyFields('a')).toEqual({});
  });
});
