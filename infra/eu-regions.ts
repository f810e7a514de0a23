import { EU_REGIONS } from '../lib/eu-regions.js';

/** The EU regions and the default one (lib/eu-regions.ts, the one shared list). */
export { DEFAULT_REGION, EU_REGIONS } from '../lib/eu-regions.js';

/** Throws unless `region` is an EU region. */
export function assertEuRegion(region: string): void {
  if (!EU_REGIONS.includes(region)) {
    throw new Error(`Region "${region}" is outside the European Union; use one of ${EU_REGIONS.join(', ')}.`);
  }
}
