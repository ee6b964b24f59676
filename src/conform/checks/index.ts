// Every check of the suite, family by family, in the order they run.
import type { Check } from '../model.ts';
import content from './content.ts';

export const allChecks: Check[] = [...content];
