// XML-RPC for the RobotRemote reset (supplement-2 §1): method calls are written and answers read
// with fast-xml-parser, so escaping and parsing are a maintained library's job.
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

export type XmlRpcValue = string | number | boolean | null | XmlRpcValue[] | { [key: string]: XmlRpcValue };

function encodeValue(value: XmlRpcValue): unknown {
  if (value === null) return { nil: '' };
  if (typeof value === 'string') return { string: value };
  if (typeof value === 'boolean') return { boolean: value ? 1 : 0 };
  if (typeof value === 'number') return Number.isInteger(value) ? { int: value } : { double: value };
  if (Array.isArray(value)) return { array: { data: { value: value.map(encodeValue) } } };
  return { struct: { member: Object.entries(value).map(([name, v]) => ({ name, value: encodeValue(v) })) } };
}

const builder = new XMLBuilder({ suppressEmptyNode: true });

/** The body of an XML-RPC `methodCall`. */
export function encodeCall(method: string, params: XmlRpcValue[]): string {
  const call = { methodCall: { methodName: method, params: { param: params.map((p) => ({ value: encodeValue(p) })) } } };
  return `<?xml version="1.0"?>${builder.build(call)}`;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({ preserveOrder: true, trimValues: false, parseTagValue: false, ignoreAttributes: true });

const tagOf = (node: Node) => Object.keys(node).find((k) => k !== ':@');
const elements = (nodes: Node[]) => nodes.filter((n) => tagOf(n) !== '#text');
const childrenOf = (node: Node) => (node[tagOf(node)!] as Node[]) ?? [];
const textOf = (nodes: Node[]) => nodes.map((n) => (tagOf(n) === '#text' ? String(n['#text']) : '')).join('');

function child(nodes: Node[], tag: string): Node[] | undefined {
  const found = elements(nodes).find((n) => tagOf(n) === tag);
  return found ? childrenOf(found) : undefined;
}

function decodeValue(nodes: Node[]): XmlRpcValue {
  const typed = elements(nodes)[0];
  if (!typed) return textOf(nodes);
  const tag = tagOf(typed)!;
  const inner = childrenOf(typed);
  switch (tag) {
    case 'string':
      return textOf(inner);
    case 'int':
    case 'i4':
    case 'i8':
    case 'double':
      return Number(textOf(inner).trim());
    case 'boolean':
      return textOf(inner).trim() === '1';
    case 'nil':
      return null;
    case 'array':
      return elements(child(inner, 'data') ?? []).map((v) => decodeValue(childrenOf(v)));
    case 'struct': {
      const out: Record<string, XmlRpcValue> = {};
      for (const member of elements(inner)) {
        const parts = childrenOf(member);
        out[textOf(child(parts, 'name') ?? [])] = decodeValue(child(parts, 'value') ?? []);
      }
      return out;
    }
    default:
      return textOf(inner);
  }
}

export class XmlRpcFault extends Error {}

/** The value of an XML-RPC `methodResponse`; a `<fault>` throws XmlRpcFault. */
export function decodeResponse(xml: string): XmlRpcValue {
  const doc = parser.parse(xml) as Node[];
  const response = child(doc, 'methodResponse');
  if (!response) throw new XmlRpcFault('not an XML-RPC methodResponse');
  const fault = child(response, 'fault');
  if (fault) {
    const value = decodeValue(child(fault, 'value') ?? []);
    const text = value && typeof value === 'object' && !Array.isArray(value) ? String(value.faultString ?? '') : String(value);
    throw new XmlRpcFault(text || 'XML-RPC fault');
  }
  const param = child(child(response, 'params') ?? [], 'param');
  return decodeValue(child(param ?? [], 'value') ?? []);
}
