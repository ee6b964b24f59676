// npm run openapi:examples: records the OpenAPI document's example answers from a demo site
// (src/compose/openapi-examples.ts) into src/openapi/examples.json.
import { writeExamples } from '../src/compose/openapi-examples.ts';

console.log(`${await writeExamples()} examples written to src/openapi/examples.json`);
process.exit(0);
