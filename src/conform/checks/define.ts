// Declaring the checks of one family: the family name is stamped on each check and every id must
// start with it, so ids stay `<family>.<topic>.<what>`.
import type { Check } from '../context.ts';

export type CheckSpec = Omit<Check, 'family'>;

/** Sources: the seed section (MUST) or the supplement section (SHOULD) a rule comes from. */
export const seed = (section: string) => `seed: ${section}`;
export const supplement = (section: string) => `supplement ${section}`;
export const supplement2 = (section: string) => `supplement-2 ${section}`;

export function family(name: string, specs: CheckSpec[]): Check[] {
  const seen = new Set<string>();
  return specs.map((spec) => {
    if (!spec.id.startsWith(`${name}.`) || !/^[a-z0-9-]+(\.[a-z0-9-]+){2,}$/.test(spec.id)) {
      throw new Error(`check id ${spec.id} must look like ${name}.<topic>.<what-is-checked>`);
    }
    if (seen.has(spec.id)) throw new Error(`check id ${spec.id} is declared twice`);
    seen.add(spec.id);
    return { ...spec, family: name };
  });
}
