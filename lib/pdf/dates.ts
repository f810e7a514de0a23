/**
 * Dates in the two forms a PDF/A file carries them, which must agree
 * (ISO 19005-2/3, 6.6.3: Info `CreationDate`/`ModDate` equivalent to
 * `xmp:CreateDate`/`xmp:ModifyDate`):
 * - PDF date strings (ISO 32000-1, 7.9.4): `D:YYYYMMDDHHmmSSOHH'mm'`;
 * - XMP dates (ISO 8601 profile of the XMP specification): `YYYY-MM-DDThh:mm:ssTZD`.
 *
 * We always write UTC with an explicit offset, to the second, so both forms
 * name the same instant and time zone.
 */

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Truncates to whole seconds (both forms carry seconds only). */
export function toSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** `D:20261102093000+00'00'` for a date (UTC). */
export function formatPdfDate(date: Date): string {
  return (
    `D:${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}+00'00'`
  );
}

/** `2026-11-02T09:30:00+00:00` for a date (UTC). */
export function formatXmpDate(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}+00:00`
  );
}

const PDF_DATE = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?\s*$/;

/** The instant of a PDF date string, or undefined when it is not one. A missing offset is read as UTC. */
export function parsePdfDate(text: string): Date | undefined {
  const m = PDF_DATE.exec(text.trim().startsWith('D:') ? text.trim() : `D:${text.trim()}`);
  if (m === null) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (sign === '+' || sign === '-') {
    const offset = (Number(oh) * 60 + Number(om)) * 60_000;
    t += sign === '+' ? -offset : offset;
  }
  return Number.isNaN(t) ? undefined : new Date(t);
}

const XMP_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** The instant of an XMP date, or undefined when it is not one. A missing offset is read as UTC. */
export function parseXmpDate(text: string): Date | undefined {
  const m = XMP_DATE.exec(text.trim());
  if (m === null) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz] = m;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (tz !== undefined && tz !== 'Z') {
    const sign = tz.startsWith('-') ? -1 : 1;
    const offset = (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6))) * 60_000;
    t -= sign * offset;
  }
  return Number.isNaN(t) ? undefined : new Date(t);
}
