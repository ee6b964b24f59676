// The recorded examples of the OpenAPI document are what the demo site answers now.
import { describe, expect, it } from 'vitest';
import { loadExamples } from '../openapi/examples.ts';
import { recordExamples } from './openapi-examples.ts';

describe('src/openapi/examples.json', () => {
  it('is what a fresh demo site answers today (re-record with npm run openapi:examples)', async () => {
    const recorded = await recordExamples();
    const kept = loadExamples();
    expect(Object.keys(kept).sort()).toEqual(Object.keys(recorded).sort());
    for (const [key, example] of Object.entries(recorded)) expect(kept[key], key).toEqual(example);
  });
});
