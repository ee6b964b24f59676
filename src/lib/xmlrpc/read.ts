// XML-RPC (the transport of Robot Framework's remote libraries): reading a methodCall and writing
// a methodResponse or a fault, in the shape Python's xmlrpc module gives them (supplement-2 1.1).
// The XML is read by fast-xml-parser (a maintained parser: well-formedness checks, entities,
// CDATA); this file only maps its element tree to values.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An XML-RPC value: null is `<nil/>`, Uint8Array is `<base64>`, Date is `<dateTime.iso8601>`. */
export type RpcValue = string | number | boolean | null | Date | Uint8Array | RpcValue[] | RpcStruct;
/** A struct: member order is kept (Python dicts keep insertion order). */
export type RpcStruct = Map<string, RpcValue>;

export interface MethodCall {
  method: string;
  params: RpcValue[];
}

/** The call cannot be read: answered with an XML-RPC fault. */
export class RpcError extends Error {}

/** fast-xml-parser's ordered form: each node is `{tag: children}` or `{'#text': text}`. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  trimValues: false,
  parseTagValue: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
});

const tagOf = (node: XmlNode): string => Object.keys(node).find((k) => k !== ':@') ?? '';
const childrenOf = (node: XmlNode): XmlNode[] => (node[tagOf(node)] as XmlNode[]) ?? [];
const isBlank = (node: XmlNode) => tagOf(node) === '#text' && String(node['#text']).trim() === '';

/** Element children, refusing stray text between them. */
function elements(node: XmlNode, where: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (const child of childrenOf(node)) {
    if (isBlank(child)) continue;
    if (tagOf(child) === '#text') throw new RpcError(`unexpected text in <${where}>`);
    out.push(child);
  }
  return out;
}

function textOf(node: XmlNode): string {
  let text = '';
  for (const child of childrenOf(node)) {
    if (tagOf(child) !== '#text') throw new RpcError(`<${tagOf(node)}> must hold text only`);
    text += String(child['#text']);
  }
  return text;
}

function only(node: XmlNode, tag: string, where: string): XmlNode {
  const found = elements(node, where).filter((c) => tagOf(c) === tag);
  if (found.length !== 1) throw new RpcError(`<${where}> must hold one <${tag}>`);
  return found[0];
}

const MAX_DEPTH = 64;

function readValue(value: XmlNode, depth: number): RpcValue {
  if (depth > MAX_DEPTH) throw new RpcError('values nested too deeply');
  // a bare <value>text</value> is a string
  if (childrenOf(value).every((c) => tagOf(c) === '#text')) return textOf(value);
  const inner = elements(value, 'value');
  if (inner.length > 1) throw new RpcError('<value> must hold one typed value');
  const typed = inner[0];
  const tag = tagOf(typed);
  switch (tag) {
    case 'string':
      return textOf(typed);
    case 'int':
    case 'i4':
    case 'i8': {
      const text = textOf(typed).trim();
      const n = Number(text);
      if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(n)) throw new RpcError(`bad <${tag}>: ${text.slice(0, 40)}`);
      return n;
    }
    case 'boolean': {
      const text = textOf(typed).trim();
      if (text !== '0' && text !== '1') throw new RpcError('bad <boolean>: use 0 or 1');
      return text === '1';
    }
    case 'double': {
      const text = textOf(typed).trim();
      const n = Number(text);
      if (!text || !Number.isFinite(n)) throw new RpcError(`bad <double>: ${text.slice(0, 40)}`);
      return n;
    }
    case 'nil':
      return null;
    case 'base64':
      return new Uint8Array(Buffer.from(textOf(typed).replace(/\s+/g, ''), 'base64'));
    case 'dateTime.iso8601': {
      const text = textOf(typed).trim();
      const m = /^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(text);
      const date = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : undefined;
      if (!date || Number.isNaN(date.getTime())) throw new RpcError(`bad <dateTime.iso8601>: ${text.slice(0, 40)}`);
      return date;
    }
    case 'array': {
      const data = only(typed, 'data', 'array');
      return elements(data, 'data').map((v) => {
        if (tagOf(v) !== 'value') throw new RpcError('<data> holds <value> elements only');
        return readValue(v, depth + 1);
      });
    }
    case 'struct': {
      const out: RpcStruct = new Map();
      for (const member of elements(typed, 'struct')) {
        if (tagOf(member) !== 'member') throw new RpcError('<struct> holds <member> elements only');
        const name = textOf(only(member, 'name', 'member'));
        out.set(name, readValue(only(member, 'value', 'member'), depth + 1));
      }
      return out;
    }
    default:
      throw new RpcError(`unknown value type <${tag}>`);
  }
}

/** Read a methodCall document. */
export function parseMethodCall(xml: string): MethodCall {
  if (xml.toUpperCase().includes('<!DOCTYPE')) throw new RpcError('document type declarations are not accepted');
  let roots: XmlNode[];
  try {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) throw new RpcError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line}${valid.err.col ? `, column ${valid.err.col}` : ''})`);
    roots = (parser.parse(xml) as XmlNode[]).filter((n) => !isBlank(n));
  } catch (err) {
    // the parser's own limits (nesting depth, entity expansion) end up here too
    throw err instanceof RpcError ? err : new RpcError(`not well-formed XML: ${(err as Error)?.message ?? String(err)}`);
  }
  if (roots.length !== 1 || tagOf(roots[0]) !== 'methodCall') throw new RpcError('the document must be one <methodCall>');
  const call = roots[0];
  const method = textOf(only(call, 'methodName', 'methodCall')).trim();
  if (!method) throw new RpcError('<methodName> is empty');
  const parts = elements(call, 'methodCall');
  const params = parts.find((p) => tagOf(p) === 'params');
  if (parts.some((p) => !['methodName', 'params'].includes(tagOf(p)))) throw new RpcError('<methodCall> holds <methodName> and <params> only');
  const values = (params ? elements(params, 'params') : []).map((param) => {
    if (tagOf(param) !== 'param') throw new RpcError('<params> holds <param> elements only');
    return readValue(only(param, 'value', 'param'), 0);
  });
  return { method, params: values };
}

// ------------------------------------------------------------------ writing

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

/** A methodResponse carrying one value. */
export function methodResponse(value: RpcValue): string {
  return `<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n${dumpValue(value)}\n</param>\n</params>\n</methodResponse>\n`;
}

/** A methodResponse carrying a fault. */
export function faultResponse(code: number, message: string): string {
  const fault: RpcStruct = new Map<string, RpcValue>([
    ['faultCode', code],
    ['faultString', message],
  ]);
  return `<?xml version='1.0'?>\n<methodResponse>\n<fault>\n${dumpValue(fault)}\n</fault>\n</methodResponse>\n`;
}
