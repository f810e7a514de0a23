/**
 * Optional content configurations as PDF/A wants them (ISO 19005-2, 6.9,
 * taken over by ISO 19005-3): every configuration dictionary (the default /D
 * and each of /Configs) has a /Name, a text string unique among them, no /AS
 * entry, and an /Order array, when there is one, listing every OCG of
 * /OCGs. The repair names (or renames) configurations, converts a name
 * object to a text string, drops /AS and appends the missing OCGs to /Order
 * (they show in a viewer's layer list; nothing printed changes).
 */
import { PDFArray, PDFContext, PDFDict, PDFHexString, PDFName, PDFObject, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { textString } from './attachments.js';
import { asDict, getArray, getDict, items, N, resolve, textOf } from './objects.js';

/** Reports one finding (the issue code is `OPTIONAL_CONTENT_CONFIG`). */
export type OcReport = (detail: string) => void;

/** Every OCG reference (or direct dictionary) an Order array holds, nested arrays included. */
function orderMembers(ctx: PDFContext, order: PDFArray, into: Set<PDFObject>, depth = 0): void {
  if (depth > 32) return;
  for (let i = 0; i < order.size(); i++) {
    const raw = order.get(i);
    const v = resolve(ctx, raw);
    if (v instanceof PDFArray) orderMembers(ctx, v, into, depth + 1);
    else if (v instanceof PDFDict) into.add(raw instanceof PDFRef ? raw : v);
  }
}

/**
 * Checks (and with `repair` fixes) the optional-content configurations of
 * the catalog; see the module comment.
 */
export function checkOptionalContent(ctx: PDFContext, catalog: PDFDict, repair: boolean, report: OcReport): void {
  const oc = getDict(ctx, catalog, 'OCProperties');
  if (oc === undefined) return;
  const ocgs = items(ctx, getArray(ctx, oc, 'OCGs'));
  const ocgRefs = (getArray(ctx, oc, 'OCGs')?.asArray() ?? []).filter((r, i) => ocgs[i] instanceof PDFDict);
  const configs: Array<{ cfg: PDFDict; label: string }> = [];
  const d = getDict(ctx, oc, 'D');
  if (d !== undefined) configs.push({ cfg: d, label: 'default configuration' });
  items(ctx, getArray(ctx, oc, 'Configs')).forEach((c, i) => {
    const cfg = asDict(c);
    if (cfg !== undefined && cfg !== d) configs.push({ cfg, label: `configuration ${i + 1}` });
  });
  const used = new Set<string>();
  configs.forEach(({ cfg, label }, idx) => {
    const raw = resolve(ctx, cfg.get(N('Name')));
    const isText = raw instanceof PDFString || raw instanceof PDFHexString;
    let name = isText ? textOf(raw) : raw instanceof PDFName ? raw.decodeText() : undefined;
    if (name === undefined || name.trim() === '') {
      report(`${label} has no Name`);
      name = idx === 0 ? 'Default' : `Configuration ${idx}`;
    } else if (!isText) {
      report(`${label} has a Name that is not a text string`);
    }
    let unique = name;
    for (let n = 2; used.has(unique); n++) unique = `${name} (${n})`;
    if (unique !== name && isText) report(`${label} repeats the Name "${name}"`);
    used.add(unique);
    if (repair && (!isText || unique !== name)) cfg.set(N('Name'), textString(unique));
    if (cfg.has(N('AS'))) {
      report(`${label} has an AS entry`);
      if (repair) cfg.delete(N('AS'));
    }
    const order = getArray(ctx, cfg, 'Order');
    if (order !== undefined) {
      const members = new Set<PDFObject>();
      orderMembers(ctx, order, members);
      const missing = ocgRefs.filter((r) => !members.has(r) && !members.has(resolve(ctx, r)!));
      if (missing.length > 0) {
        report(`${label}'s Order leaves out ${missing.length} optional content group${missing.length > 1 ? 's' : ''}`);
        if (repair) for (const r of missing) order.push(r);
      }
    }
  });
}
