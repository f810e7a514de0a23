/**
 * A model with every decimal replaced by its normalised value text (2.5 and
 * 2.50 compare equal) and undefined properties dropped, for comparing models
 * with toEqual. `prefix` marks decimals (e.g. `decimal `) where a test must tell
 * them apart from strings holding the same text.
 */
import { Decimal } from '../../lib/model/decimal.js';

export function byValue(value: unknown, prefix = ''): unknown {
  if (Decimal.isDecimal(value)) return `${prefix}${(value as Decimal).toString()}`;
  if (Array.isArray(value)) return value.map((v) => byValue(v, prefix));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = byValue(v, prefix);
    return out;
  }
  return value;
}
