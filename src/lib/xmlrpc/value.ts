// XML-RPC values (the transport of Robot Framework's remote libraries, supplement-2 §1.1), shared
// by the RobotRemote endpoint (reads calls, writes responses) and the conform tool (writes calls,
// reads responses).

/** An XML-RPC value: null is `<nil/>`, Uint8Array is `<base64>`, Date is `<dateTime.iso8601>`. */
export type RpcValue = string | number | boolean | null | Date | Uint8Array | RpcValue[] | RpcStruct;
/** A struct: member order is kept (Python dicts keep insertion order). */
export type RpcStruct = Map<string, RpcValue>;

/** The document cannot be read as XML-RPC (a server answers it with a fault). */
export class RpcError extends Error {}

/** A methodResponse that carries a `<fault>`. */
export class RpcFault extends Error {
  constructor(readonly code: number | undefined, message: string) {
    super(message);
  }
}
