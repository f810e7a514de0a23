/**
 * One document as a document-level rule family sees it: the element tree plus
 * what several rules ask of it, computed at most once per document (selections
 * by path from the root, elements by name, document order) and the family's
 * document-wide values (the schematron's global `let`s), memoised by key.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { path } from '../br-fr/xpath.js';

/** A document under validation. */
export class RuleDocument {
  private readonly selections = new Map<string, readonly CiiElement[]>();
  private readonly values = new Map<string, unknown>();
  private names: Map<string, CiiElement[]> | undefined;
  private order: Map<CiiElement, number> | undefined;
  private everything: CiiElement[] | undefined;

  constructor(readonly root: CiiElement) {}

  /** The elements at an absolute path (`/rsm:CrossIndustryInvoice/...` or without the leading slash), document order; memoised. */
  at(absolute: string): readonly CiiElement[] {
    let found = this.selections.get(absolute);
    if (found === undefined) {
      const p = absolute.startsWith('/') ? absolute.slice(1) : absolute;
      const slash = p.indexOf('/');
      const first = slash < 0 ? p : p.slice(0, slash);
      found = first !== this.root.name ? [] : slash < 0 ? [this.root] : path(this.root, p.slice(slash + 1));
      this.selections.set(absolute, found);
    }
    return found;
  }

  /** The first element at an absolute path, if any. */
  first(absolute: string): CiiElement | undefined {
    return this.at(absolute)[0];
  }

  /** Every element named `name` anywhere (`//name`), document order. */
  named(name: string): CiiElement[] {
    if (this.names === undefined) this.index();
    return this.names!.get(name) ?? [];
  }

  /** Every element of the document, document order. */
  all(): CiiElement[] {
    if (this.everything === undefined) this.index();
    return this.everything!;
  }

  /** The position of `el` in document order. */
  position(el: CiiElement): number {
    if (this.order === undefined) this.index();
    return this.order!.get(el) ?? -1;
  }

  /** A document-wide value (a schematron global variable), computed once. */
  value<T>(key: string, compute: (doc: RuleDocument) => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const v = compute(this);
    this.values.set(key, v);
    return v;
  }

  private index(): void {
    const names = new Map<string, CiiElement[]>();
    const order = new Map<CiiElement, number>();
    const all: CiiElement[] = [];
    const stack: CiiElement[] = [this.root];
    while (stack.length > 0) {
      const el = stack.pop()!;
      order.set(el, order.size);
      all.push(el);
      const list = names.get(el.name);
      if (list === undefined) names.set(el.name, [el]);
      else list.push(el);
      for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
    }
    this.names = names;
    this.order = order;
    this.everything = all;
  }
}
