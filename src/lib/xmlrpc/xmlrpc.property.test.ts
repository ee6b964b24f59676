// Property: reading any text as an XML-RPC call either gives a call or throws RpcError (answered
// as a fault) — never another error (which would be a 500); and any value written by
// methodCall or methodResponse reads back equal (strings keep every character XML can carry).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseMethodCall, parseMethodResponse } from './read.ts';
import { RpcError, RpcFault, type RpcValue } from './value.ts';
import { methodCall, methodResponse } from './write.ts';

const fragment = fc.constantFrom('<methodCall>', '</methodCall>', '<methodName>', '</methodName>', 'run_keyword', '<params>', '</params>',
  '<param>', '</param>', '<value>', '</value>', '<string>', '</string>', '<array>', '<data>', '</data>', '</array>', '<struct>', '<member>',
  '<name>', '</name>', '</member>', '</struct>', '<int>', '</int>', '<nil/>', '<boolean>', '</boolean>', '&amp;', '&#x1F600;', '&bogus;',
  '<![CDATA[x]]>', '<!-- c -->', '<?xml version="1.0"?>', '<!DOCTYPE a>', ' ', '\n', 'x', '<', '>', '"', "'");

const value: fc.Arbitrary<RpcValue> = fc.letrec<{ v: RpcValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ unit: 'binary' }),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.array(fc.tuple(fc.string(), tie('v')), { maxLength: 4 }).map((m) => new Map(m)),
  ),
})).v;

/** What a value looks like after XML: characters XML 1.0 cannot carry are dropped, \r read as \n. */
function carried(v: RpcValue): RpcValue {
  if (typeof v === 'string') return [...v].filter((ch) => { const c = ch.codePointAt(0)!; return c === 9 || c === 10 || c === 13 || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000; }).join('').replace(/\r\n?/g, '\n');
  if (Array.isArray(v)) return v.map(carried);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [carried(k) as string, carried(x)]));
  return v;
}

describe('XML-RPC reading', () => {
  it('any text: a call or an RpcError, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fragment, { maxLength: 40 }).map((a) => a.join(''))), (text) => {
        try {
          parseMethodCall(text);
        } catch (err) {
          expect(err).toBeInstanceOf(RpcError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('values written in a call read back equal', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 3 }), (values) => {
        expect(parseMethodCall(methodCall('echo', values))).toEqual({ method: 'echo', params: values.map(carried) });
      }),
      { numRuns: 300 },
    );
  });

  it('values written in a response read back equal', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(parseMethodResponse(methodResponse(v))).toEqual(carried(v));
      }),
      { numRuns: 300 },
    );
  });

  it('any text read as a response: a value, an RpcError or an RpcFault, nothing else', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }).map((a) => a.join('').replace(/methodCall/g, 'methodResponse')), (text) => {
        try {
          parseMethodResponse(text);
        } catch (err) {
          expect(err instanceof RpcError || err instanceof RpcFault).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
