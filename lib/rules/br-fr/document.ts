/**
 * One document as the BR-FR rules see it: the element tree plus what several
 * rules ask of it, computed at most once per document (selections by path from
 * the root, elements by name, document order, the billing framework).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { normalizeSpace, path } from './xpath.js';

/** Shorthands of the paths the rules use (canonical names, from the root). */
export const P = {
  DOC: 'rsm:CrossIndustryInvoice/rsm:ExchangedDocument',
  CTX: 'rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext',
  TX: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction',
  AGR: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement',
  DEL: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery',
  SET: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement',
  SUM: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation',
  LINE: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem',
} as const;

/** BT-23 billing frameworks of the multi-vendor (S8, B8, M8) and two-way (S9, B9, M9) cases. */
const MULTI_VENDOR = new Set(['S8', 'B8', 'M8']);
const TWO_WAY = new Set(['S9', 'B9', 'M9']);

/** A document under BR-FR validation. */
export class FrDocument {
  private readonly selections = new Map<string, CiiElement[]>();
  private names: Map<string, CiiElement[]> | undefined;
  private order: Map<CiiElement, number> | undefined;
  private framework: string | undefined | null = null;

  constructor(readonly root: CiiElement) {}

  /** The elements at an absolute path (`rsm:CrossIndustryInvoice/...`), document order; memoised. */
  at(absolute: string): CiiElement[] {
    let found = this.selections.get(absolute);
    if (found === undefined) {
      const slash = absolute.indexOf('/');
      const first = slash < 0 ? absolute : absolute.slice(0, slash);
      found = first !== this.root.name ? [] : slash < 0 ? [this.root] : path(this.root, absolute.slice(slash + 1));
      this.selections.set(absolute, found);
    }
    return found;
  }

  /** Every element named `name` anywhere (`//name`), document order. */
  named(name: string): CiiElement[] {
    if (this.names === undefined) this.index();
    return this.names!.get(name) ?? [];
  }

  /** The position of `el` in document order. */
  position(el: CiiElement): number {
    if (this.order === undefined) this.index();
    return this.order!.get(el) ?? -1;
  }

  private index(): void {
    const names = new Map<string, CiiElement[]>();
    const order = new Map<CiiElement, number>();
    const stack: CiiElement[] = [this.root];
    while (stack.length > 0) {
      const el = stack.pop()!;
      order.set(el, order.size);
      const list = names.get(el.name);
      if (list === undefined) names.set(el.name, [el]);
      else list.push(el);
      for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
    }
    this.names = names;
    this.order = order;
  }

  /** BT-23 normalised, when the document has one (`custom:isSpecialContract*` read it this way). */
  billingFramework(): string | undefined {
    if (this.framework === null) {
      const id = this.at(`${P.CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`)[0];
      this.framework = id === undefined ? undefined : normalizeSpace(stringValueOf(id));
    }
    return this.framework;
  }

  /** `custom:isSpecialContract`: BT-23 is S8, B8, M8, S9, B9 or M9. */
  isSpecialContract(): boolean {
    const f = this.billingFramework();
    return f !== undefined && (MULTI_VENDOR.has(f) || TWO_WAY.has(f));
  }

  /** `custom:isSpecialContractMV`: multi-vendor (S8, B8, M8). */
  isMultiVendor(): boolean {
    const f = this.billingFramework();
    return f !== undefined && MULTI_VENDOR.has(f);
  }

  /** `custom:isSpecialContractBD`: two-way (S9, B9, M9). */
  isTwoWay(): boolean {
    const f = this.billingFramework();
    return f !== undefined && TWO_WAY.has(f);
  }
}

function stringValueOf(el: CiiElement): string {
  if (el.children.length === 0) return el.text;
  let s = el.text;
  for (const c of el.children) s += stringValueOf(c);
  return s;
}
