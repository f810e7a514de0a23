/**
 * Evaluates the UBL-CR "should not be present" table (./tables/restrictions.ts)
 * over a document in one walk: the table's paths are compiled once into a
 * trie of child steps from the root, one of steps below any element for the
 * `//name/...` paths, and a list of attributes forbidden anywhere (`//@x`);
 * the walk follows only the trie branches each element can continue, and
 * keeps, per rule, the first element (or attribute) in document order that
 * the path selects: where the rule fails, `not(path)` being false.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Severity } from '../types.js';
import { RESTRICTIONS } from './tables/restrictions.js';
import type { UblSyntaxFailure } from './types.js';

/** A compiled row. */
interface Row {
  id: string;
  severity: Severity;
  path: string;
}

interface Node {
  children: Map<string, Node>;
  /** Rows whose path ends at this element. */
  ends: number[];
  /** Rows whose path ends at an attribute of this element. */
  attrs: Array<[string, number]>;
}

const node = (): Node => ({ children: new Map(), ends: [], attrs: [] });

/** The official id of UBL-CR rule `n` (three digits). */
export function crId(n: number): string {
  return `UBL-CR-${String(n).padStart(3, '0')}`;
}

interface Compiled {
  rows: Row[];
  root: Node;
  anywhere: Map<string, Node>;
  anywhereAttrs: Array<[string, number]>;
}

function compile(): Compiled {
  const c: Compiled = { rows: [], root: node(), anywhere: new Map(), anywhereAttrs: [] };
  const add = (start: Node, steps: readonly string[], index: number): void => {
    let n = start;
    for (const [k, step] of steps.entries()) {
      if (step.startsWith('@')) {
        if (k !== steps.length - 1) throw new Error(`${c.rows[index]!.id}: an attribute ends a path`);
        n.attrs.push([step.slice(1), index]);
        return;
      }
      let next = n.children.get(step);
      if (next === undefined) {
        next = node();
        n.children.set(step, next);
      }
      n = next;
    }
    n.ends.push(index);
  };
  RESTRICTIONS.forEach(([num, severity, path], index) => {
    c.rows.push({ id: crId(num), severity, path });
    if (path.startsWith('//@')) {
      c.anywhereAttrs.push([path.slice(3), index]);
      return;
    }
    if (path.startsWith('//')) {
      const [head, ...rest] = path.slice(2).split('/');
      let start = c.anywhere.get(head!);
      if (start === undefined) {
        start = node();
        c.anywhere.set(head!, start);
      }
      if (rest.length === 0) start.ends.push(index);
      else add(start, rest, index);
      return;
    }
    const lineUnion = '(cac:InvoiceLine|cac:CreditNoteLine)/';
    if (path.startsWith(lineUnion)) {
      const rest = path.slice(lineUnion.length).split('/');
      add(c.root, ['cac:InvoiceLine', ...rest], index);
      add(c.root, ['cac:CreditNoteLine', ...rest], index);
      return;
    }
    add(c.root, path.split('/'), index);
  });
  return c;
}

const COMPILED = compile();

/** The UBL-CR table's rules as published: id, severity and the path they forbid. */
export const RESTRICTION_RULES: ReadonlyArray<Readonly<Row>> = COMPILED.rows;

/** The broken UBL-CR table rules of a document (root `root`), each with the first offending element or attribute. */
export function checkRestrictions(root: CiiElement): Array<{ id: string; severity: Severity; path: string; failure: UblSyntaxFailure }> {
  const hits = new Map<number, UblSyntaxFailure>();
  const hit = (index: number, failure: UblSyntaxFailure): void => {
    if (!hits.has(index)) hits.set(index, failure);
  };
  const arrive = (el: CiiElement, n: Node): void => {
    for (const i of n.ends) hit(i, { at: el });
    for (const [attr, i] of n.attrs) if (attr in el.attrs) hit(i, { at: el, attr });
  };
  const visit = (el: CiiElement, active: readonly Node[]): void => {
    for (const [attr, i] of COMPILED.anywhereAttrs) if (attr in el.attrs) hit(i, { at: el, attr });
    for (const child of el.children) {
      const next: Node[] = [];
      for (const n of active) {
        const m = n.children.get(child.name);
        if (m !== undefined) next.push(m);
      }
      const start = COMPILED.anywhere.get(child.name);
      if (start !== undefined) next.push(start);
      for (const n of next) arrive(child, n);
      visit(child, next);
    }
  };
  // The root context itself (`/ubl:Invoice | /cn:CreditNote`): its own attributes are forbidden by `//@x` too.
  const rootStart = COMPILED.anywhere.get(root.name);
  if (rootStart !== undefined) arrive(root, rootStart);
  visit(root, rootStart === undefined ? [COMPILED.root] : [COMPILED.root, rootStart]);
  return [...hits.entries()].sort((a, b) => a[0] - b[0]).map(([i, failure]) => ({ ...COMPILED.rows[i]!, failure }));
}
