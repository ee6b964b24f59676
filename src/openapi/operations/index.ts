// Every operation's documentation, by "METHOD @endpoint".
import type { OperationDocs } from '../types.ts';
import { contentOperations } from './content.ts';
import { securityOperations } from './security.ts';
import { setupOperations } from './setup.ts';
import { siteOperations } from './site.ts';

export const OPERATION_DOCS: OperationDocs = { ...contentOperations, ...siteOperations, ...securityOperations, ...setupOperations };
