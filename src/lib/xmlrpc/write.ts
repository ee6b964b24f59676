// Writing XML-RPC documents in the shape Python's xmlrpc module gives them (supplement-2 §1.1):
// one element per line, `<int>` for 32-bit integers, `<nil/>` for None.
import type { RpcStruct, RpcValue } from './value.ts';

/** Text for an XML element: `&`, `<`, `>` escaped; characters XML 1.0 cannot carry dropped. */
export function escapeXml(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000) out += ch;
  }
  return out;
}

function dumpValue(value: RpcValue | undefined): string {
  if (value === null || value === undefined) return '<value><nil/></value>';
  if (typeof value === 'string') return `<value><string>${escapeXml(value)}</string></value>`;
  if (typeof value === 'boolean') return `<value><boolean>${value ? 1 : 0}</boolean></value>`;
  if (typeof value === 'number') {
    return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? `<value><int>${value}</int></value>` : `<value><double>${Number.isFinite(value) ? value : 0}</double></value>`;
  }
  if (value instanceof Date) return `<value><dateTime.iso8601>${value.toISOString().replace(/[-]|\.\d{3}Z$/g, '')}</dateTime.iso8601></value>`;
  if (value instanceof Uint8Array) return `<value><base64>\n${Buffer.from(value).toString('base64')}\n</base64></value>`;
  if (Array.isArray(value)) return `<value><array><data>\n${value.map((v) => dumpValue(v) + '\n').join('')}</data></array></value>`;
  const members = [...value].map(([k, v]) => `<member>\n<name>${escapeXml(k)}</name>\n${dumpValue(v)}\n</member>\n`).join('');
  return `<value><struct>\n${members}</struct></value>`;
}

const params = (values: RpcValue[]) => `<params>\n${values.map((v) => `<param>\n${dumpValue(v)}\n</param>\n`).join('')}</params>\n`;

/** A methodCall of `method` with `values` as its parameters. */
export function methodCall(method: string, values: RpcValue[]): string {
  return `<?xml version='1.0'?>\n<methodCall>\n<methodName>${escapeXml(method)}</methodName>\n${params(values)}</methodCall>\n`;
}

/** A methodResponse carrying one value. */
export function methodResponse(value: RpcValue): string {
  return `<?xml version='1.0'?>\n<methodResponse>\n${params([value])}</methodResponse>\n`;
}

/** A methodResponse carrying a fault. */
export function faultResponse(code: number, message: string): string {
  const fault: RpcStruct = new Map<string, RpcValue>([
    ['faultCode', code],
    ['faultString', message],
  ]);
  return `<?xml version='1.0'?>\n<methodResponse>\n<fault>\n${dumpValue(fault)}\n</fault>\n</methodResponse>\n`;
}
