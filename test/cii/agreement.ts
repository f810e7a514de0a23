/**
 * The agreement check of the CII tests: the written XML against the binding
 * table (lib/cii/binding.ts). Every term the profile carries and the model
 * has is at its path with the model's value; every term it omits (or the
 * model lacks) has no node; every group item that holds a carried term (an
 * allowance or charge always) has its node.
 */
import type { XmlNode } from 'libxml2-wasm';
import { CII_GROUPS, CII_NAMESPACES, CII_TERMS } from '../../lib/cii/binding.js';
import type { TermBinding } from '../../lib/cii/binding.js';
import { PROFILE_OMITTED_TERMS, type FacturXProfile } from '../../lib/cii/profiles.js';
import { Decimal } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { withXmlDocument } from '../../lib/xml/parse.js';

const NS = { ...CII_NAMESPACES };

/** Reads `a.b.c` from an object; undefined when a step is missing. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Present as the writer counts it: defined, and not a blank string. */
export const isPresent = (v: unknown): boolean => v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** What the XML must hold for a model value of the given kind. */
function matches(kind: TermBinding['kind'], xmlText: string, value: unknown): boolean {
  if (value instanceof Decimal) return /^-?\d+(\.\d+)?$/.test(xmlText) && new Decimal(xmlText).eq(value);
  if (kind === 'date') return xmlText === String(value).replaceAll('-', '');
  return xmlText === value;
}

/** Allowance and charge groups: written with their indicator even when empty. */
const ALLOWANCE_CHARGE_GROUPS = new Set(['BG-20', 'BG-21', 'BG-27', 'BG-28']);

/**
 * Checks the XML of a profile against the binding table: every term the
 * profile carries and the model has is at its path with the model's value;
 * every term it omits (or the model lacks) has no node. Returns one message
 * per mismatch.
 */
export function disagreements(inv: Invoice, xml: string, profile: FacturXProfile): string[] {
  const omitted = PROFILE_OMITTED_TERMS[profile];
  const problems: string[] = [];
  const checkTerms = (groupId: string | undefined, node: XmlNode, item: unknown, where: string): void => {
    for (const t of CII_TERMS.filter((x) => x.group === groupId)) {
      // BT-24 is the profile's guideline id, checked on its own.
      if (t.id === 'BT-24') continue;
      const value = getPath(item, t.model);
      const found = node.find(t.path, NS).map((n) => n.content);
      if (!isPresent(value) || omitted.has(t.id)) {
        if (found.length > 0) problems.push(`${where}${t.id}: expected no node, XML has ${JSON.stringify(found)}`);
        continue;
      }
      if (found.length === 0) problems.push(`${where}${t.id}: ${t.path} not found`);
      for (const text of found) if (!matches(t.kind, text, value)) problems.push(`${where}${t.id}: XML ${JSON.stringify(text)} vs model ${String(value)}`);
    }
  };
  const walkGroups = (parent: string | undefined, node: XmlNode, item: unknown, where: string): void => {
    for (const g of CII_GROUPS.filter((x) => x.parent === parent)) {
      // An item leaves a node when it has a term the profile carries (e.g. not a credit transfer
      // with only an account name, BT-85, in BASIC); CII keeps the first `ciiMax` items.
      // An allowance or charge always leaves one: its ChargeIndicator is written whatever else it holds, so a
      // model read from a charge without amount is written back with that gap for BR-41 / BR-43 to report.
      const groupTerms = CII_TERMS.filter((t) => t.group === g.id && !omitted.has(t.id));
      const all = (getPath(item, g.model) as unknown[] | undefined) ?? [];
      const leavesNode = (it: unknown): boolean => ALLOWANCE_CHARGE_GROUPS.has(g.id) || groupTerms.some((t) => isPresent(getPath(it, t.model)));
      const items = all.filter(leavesNode).slice(0, g.ciiMax ?? Infinity);
      const nodes = node.find(g.context, NS);
      if (nodes.length !== items.length) {
        problems.push(`${where}${g.id}: ${nodes.length} nodes, expected ${items.length}`);
        continue;
      }
      nodes.forEach((n, i) => {
        const at = `${where}${g.model}[${all.indexOf(items[i])}].`;
        checkTerms(g.id, n, items[i], at);
        walkGroups(g.id, n, items[i], at);
      });
    }
  };
  withXmlDocument(xml, (doc) => {
    checkTerms(undefined, doc.root, inv, '');
    walkGroups(undefined, doc.root, inv, '');
  });
  return problems;
}

