/**
 * The API key format and how keys are kept: a key is `fx_live_` followed by 32
 * random base62 characters (about 190 bits from crypto.randomBytes); only its
 * SHA-256 is ever stored, the key itself is shown once at creation and never
 * written nor logged. Each key also has a public id (`key_...`) for listing
 * and revoking.
 */
import { createHash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Prefix of every live key. */
export const API_KEY_PREFIX = 'fx_live_';

/** Prefix of every key id. */
export const KEY_ID_PREFIX = 'key_';

const API_KEY_PATTERN = /^fx_live_[0-9A-Za-z]{32}$/;

/** `length` uniformly random base62 characters (rejection sampling: bytes >= 248 are dropped, so no character is favoured). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new API key, `fx_live_<32 base62>`. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(32);
}

/** A new public key id, `key_<16 base62>`. */
export function generateKeyId(): string {
  return KEY_ID_PREFIX + randomBase62(16);
}

/** True when `value` has the shape of an API key (checked before any lookup, so junk is never hashed). */
export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/**
 * What is stored for a key: the hex SHA-256 of its text. Keys are 190-bit
 * random values, so a plain hash cannot be reversed or guessed; no salt is
 * needed, and the lookup stays a single map access.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
