/**
 * Strict UTF-8 for what clients send. JSON (RFC 8259, section 8.1) and
 * Factur-X XML must be UTF-8; a decoder that replaces bad bytes with U+FFFD
 * turns a Latin-1 "é" into a character the client never wrote, and the
 * invoice would then validate and print with it. These functions find the
 * first fault instead, so the edge can refuse the body and say where.
 *
 * The verdict is the platform's (`isUtf8` from node:buffer, then
 * `TextDecoder('utf-8', { fatal: true })` to locate the fault): overlong
 * forms, encoded surrogates (ED A0 80 ...), code points past U+10FFFF, stray
 * continuation bytes and sequences cut short all count as invalid, as the
 * WHATWG Encoding Standard says.
 */
import { isUtf8 } from 'node:buffer';

/** The first invalid UTF-8 sequence of some bytes. */
export interface Utf8Fault {
  /** 0-based byte offset where the first invalid (or truncated) sequence starts. */
  offset: number;
  /** The byte at `offset`. */
  byte: number;
  /** True when the bytes end in the middle of an otherwise valid sequence. */
  truncated: boolean;
}

/** Bytes decoded at a time while looking for the fault, so locating it costs O(n), not O(n log n). */
const CHUNK_BYTES = 64 * 1024;

function decodes(bytes: Uint8Array, from: number, to: number, stream: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(from, to), { stream });
    return true;
  } catch {
    return false;
  }
}

/**
 * The start of a character at or before `at`, in bytes whose prefix
 * `[0, at)` decodes as a UTF-8 stream: the last byte before `at` that is not a
 * continuation byte (10xxxxxx). A character has at most 3 continuation bytes,
 * so at most 4 bytes are looked at.
 */
function characterStartBefore(bytes: Uint8Array, at: number): number {
  for (let b = at - 1; b >= Math.max(0, at - 4); b--) if ((bytes[b]! & 0xc0) !== 0x80) return b;
  return 0;
}

/**
 * The first invalid UTF-8 sequence of `bytes`, or undefined when they are
 * well-formed UTF-8 (a BOM is well-formed; what it means is the caller's
 * business).
 *
 * `offset` is the largest `m` such that `bytes[0, m)` is valid UTF-8: the
 * start of the first sequence a strict decoder refuses.
 */
export function findInvalidUtf8(bytes: Uint8Array): Utf8Fault | undefined {
  if (isUtf8(bytes)) return undefined;
  // 1. Stream the bytes through one strict decoder to find the chunk where it fails.
  const stream = new TextDecoder('utf-8', { fatal: true });
  let from = 0;
  let to = bytes.length;
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const end = Math.min(at + CHUNK_BYTES, bytes.length);
    try {
      stream.decode(bytes.subarray(at, end), { stream: end < bytes.length });
    } catch {
      // A sequence left open by the previous chunk may be the faulty one: start at its first byte.
      from = characterStartBefore(bytes, at);
      to = end;
      break;
    }
  }
  // 2. Within [from, to): the shortest prefix a fresh strict decoder refuses even as a stream.
  let failsAt: number;
  if (decodes(bytes, from, to, true)) {
    failsAt = to + 1; // nothing refused before the end: the last sequence is cut short
  } else {
    let lo = from; // decodes as a stream
    let hi = to; // refused
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (decodes(bytes, from, mid, true)) lo = mid;
      else hi = mid;
    }
    failsAt = hi;
  }
  // 3. The refused byte is failsAt - 1; the faulty sequence starts at the last complete
  //    character boundary before it, at most 3 bytes earlier.
  for (let q = Math.min(failsAt - 1, bytes.length); q >= from; q--) {
    if (decodes(bytes, from, q, false)) return { offset: q, byte: bytes[q]!, truncated: failsAt > to };
  }
  throw new Error('findInvalidUtf8: no valid prefix found, which cannot happen');
}

// Without the `u` flag the regex sees UTF-16 code units, which is what lets it find unpaired surrogates.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first unpaired surrogate of a JavaScript string (a JSON `"\ud800"`
 * escape makes one): a string holding one is not Unicode text and has no
 * UTF-8 form (a TextEncoder would silently write U+FFFD for it).
 * Returns its UTF-16 index, its `U+XXXX` name and the UTF-8 byte offset of
 * the text before it, or undefined when the string is well-formed.
 */
export function findUnpairedSurrogate(text: string): { index: number; codeUnit: string; byteOffset: number } | undefined {
  const match = UNPAIRED_SURROGATE.exec(text);
  if (!match) return undefined;
  const unit = match[0].charCodeAt(0);
  return {
    index: match.index,
    codeUnit: `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`,
    byteOffset: Buffer.byteLength(text.slice(0, match.index), 'utf8'),
  };
}
