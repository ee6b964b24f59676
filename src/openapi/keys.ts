// The key of an operation in the documentation tables: "METHOD @endpoint" ("METHOD content" for
// the object itself).
export const operationKey = (method: string, endpoint: string | null) => `${method} ${endpoint ?? 'content'}`;
