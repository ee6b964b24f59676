// npm run openapi:examples: records the OpenAPI document's example answers from a demo site
// (src/openapi/examples.ts) into src/openapi/examples.json.
import { writeExamples } from '../src/openapi/examples.ts';

console.log(`${await writeExamples()} examples written to src/openapi/examples.json`);
process.exit(0);
