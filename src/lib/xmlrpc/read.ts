// Reading XML-RPC documents (a methodCall on the server, a methodResponse in the client) strictly:
// anything that is not XML-RPC throws RpcError. The XML is read by fast-xml-parser (a maintained
// parser: well-formedness checks, entities, CDATA); this file only maps its element tree to values.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { RpcError, RpcFault, type RpcStruct, type RpcValue } from './value.ts';

export interface MethodCall {
  method: string;
  params: RpcValue[];
}

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

/** The one root element of a document, which must be `<root>`. */
function rootOf(xml: string, root: string): XmlNode {
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
  if (roots.length !== 1 || tagOf(roots[0]) !== root) throw new RpcError(`the document must be one <${root}>`);
  return roots[0];
}

function readParams(params: XmlNode | undefined): RpcValue[] {
  return (params ? elements(params, 'params') : []).map((param) => {
    if (tagOf(param) !== 'param') throw new RpcError('<params> holds <param> elements only');
    return readValue(only(param, 'value', 'param'), 0);
  });
}

/** Read a methodCall document. */
export function parseMethodCall(xml: string): MethodCall {
  const call = rootOf(xml, 'methodCall');
  const method = textOf(only(call, 'methodName', 'methodCall')).trim();
  if (!method) throw new RpcError('<methodName> is empty');
  const parts = elements(call, 'methodCall');
  if (parts.some((p) => !['methodName', 'params'].includes(tagOf(p)))) throw new RpcError('<methodCall> holds <methodName> and <params> only');
  return { method, params: readParams(parts.find((p) => tagOf(p) === 'params')) };
}

/** The value of a methodResponse document; a `<fault>` throws RpcFault. */
export function parseMethodResponse(xml: string): RpcValue {
  const response = rootOf(xml, 'methodResponse');
  const [part, ...rest] = elements(response, 'methodResponse');
  if (!part || rest.length) throw new RpcError('<methodResponse> must hold one <params> or <fault>');
  if (tagOf(part) === 'fault') {
    const fault = readValue(only(part, 'value', 'fault'), 0);
    const code = fault instanceof Map ? fault.get('faultCode') : undefined;
    const text = fault instanceof Map ? fault.get('faultString') : fault;
    throw new RpcFault(typeof code === 'number' ? code : undefined, typeof text === 'string' && text ? text : 'XML-RPC fault');
  }
  if (tagOf(part) !== 'params') throw new RpcError('<methodResponse> must hold one <params> or <fault>');
  const values = readParams(part);
  if (values.length !== 1) throw new RpcError('a methodResponse carries one value');
  return values[0];
}
