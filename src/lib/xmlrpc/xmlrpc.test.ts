import { describe, expect, it } from 'vitest';
import { parseMethodCall, parseMethodResponse } from './read.ts';
import { RpcError, RpcFault } from './value.ts';
import { faultResponse, methodCall, methodResponse } from './write.ts';

describe('XML-RPC', () => {
  it('writes calls in the shape of Python xmlrpc, escaping text', () => {
    const call = methodCall('run_keyword', ['remote_zodb_setup', ['layer & <co>']]);
    expect(call.startsWith("<?xml version='1.0'?>\n<methodCall>\n<methodName>run_keyword</methodName>\n<params>\n")).toBe(true);
    expect(call).toContain('<value><string>layer &amp; &lt;co&gt;</string></value>');
    expect(parseMethodCall(call)).toEqual({ method: 'run_keyword', params: ['remote_zodb_setup', ['layer & <co>']] });
  });

  it('reads answers written by other servers: structs, arrays, bare strings, i4, whitespace', () => {
    const answer = `<?xml version='1.0'?><methodResponse><params><param><value><struct>
      <member><name>status</name><value><string>PASS</string></value></member>
      <member><name>return</name><value><nil/></value></member>
      <member><name>n</name><value><i4> 3 </i4></value></member>
      <member><name>list</name><value><array><data><value>a b</value><value><boolean>1</boolean></value></data></array></value></member>
    </struct></value></param></params></methodResponse>`;
    expect(parseMethodResponse(answer)).toEqual(new Map<string, unknown>([['status', 'PASS'], ['return', null], ['n', 3], ['list', ['a b', true]]]));
  });

  it('turns a fault into RpcFault with its code and text', () => {
    const err = (() => {
      try {
        parseMethodResponse(faultResponse(-1, 'boom'));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RpcFault);
    expect((err as RpcFault).code).toBe(-1);
    expect((err as RpcFault).message).toBe('boom');
  });

  it('refuses documents that are not XML-RPC', () => {
    expect(() => parseMethodResponse('<html></html>')).toThrow(RpcError);
    expect(() => parseMethodResponse('<methodResponse/>')).toThrow('one <params> or <fault>');
    expect(() => parseMethodResponse(methodResponse('x').replace('<string>x</string>', '<int>x</int>'))).toThrow('bad <int>');
    expect(() => parseMethodCall(methodResponse('x'))).toThrow('the document must be one <methodCall>');
  });
});
