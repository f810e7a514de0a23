/**
 * XPath-like locations of elements of a {@link CiiElement} tree, in the
 * format of tree.ts `elementPath` (canonical prefixes, a 1-based `[n]` only
 * where a parent has several children of that name), computed once per
 * parent: locating every element of a document costs one pass over it, not
 * one pass over each element's siblings.
 */
import { sourceElement } from './navigate.js';
import type { CiiElement } from './tree.js';

/** Up to this many siblings, an element is numbered by a scan of its parent's children rather than by counting them all into maps. */
const SCAN_SIBLINGS = 16;

/** Memoised element locations for one document. */
export class ElementLocator {
  private readonly paths = new Map<CiiElement, string>();

  /** The location of `el`, e.g. `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]`. */
  of(el: CiiElement): string {
    const known = this.paths.get(el);
    if (known !== undefined) return known;
    const parent = el.parent;
    if (parent === undefined) {
      const path = `/${el.name}`;
      this.paths.set(el, path);
      return path;
    }
    const siblings = parent.children;
    if (siblings.length <= SCAN_SIBLINGS) {
      // Few siblings: number this element alone (most locations asked for are one or two per parent).
      const name = el.name;
      let position = 0;
      let total = 0;
      for (let i = 0; i < siblings.length; i++) {
        const c = siblings[i]!;
        if (c.name !== name) continue;
        total++;
        if (c === el) position = total;
      }
      if (position !== 0) {
        const base = this.of(parent);
        const path = total === 1 ? `${base}/${name}` : `${base}/${name}[${position}]`;
        this.paths.set(el, path);
        return path;
      }
    }
    this.locateChildren(parent, this.of(parent));
    return this.paths.get(el)!;
  }

  /** The location of attribute `name` of `el`, e.g. `.../ram:BilledQuantity/@unitCode`. */
  ofAttribute(el: CiiElement, name: string): string {
    return `${this.of(el)}/@${name}`;
  }

  private locateChildren(parent: CiiElement, base: string): void {
    const counts = new Map<string, number>();
    for (const c of parent.children) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const c of parent.children) {
      const total = counts.get(c.name)!;
      if (total === 1) {
        this.paths.set(c, `${base}/${c.name}`);
      } else {
        const n = (seen.get(c.name) ?? 0) + 1;
        seen.set(c.name, n);
        this.paths.set(c, `${base}/${c.name}[${n}]`);
      }
    }
  }
}

/** Where a model value came from: an element, or an attribute of one. */
type Source = CiiElement | { el: CiiElement; attr: string };

/**
 * The `locations` of a read: model path to XPath-like location, a Map whose
 * location strings are built on first access. A reader records thousands of
 * sources per document while a validation asks for a handful, so recording
 * stores only the element; every Map read (get, iteration) returns finished
 * strings. The sources wait in the Map itself, in place of their strings, so
 * that `has` and `size` (the rules' presence tests, many per validation) are
 * Map's own single look-ups.
 */
export class LazyLocations extends Map<string, string> {
  private readonly locator = new ElementLocator();

  /** Records that the value at model `path` came from `el` (or its attribute `attr`). */
  record(path: string, el: CiiElement, attr?: string): void {
    super.set(path, (attr === undefined ? el : { el, attr }) as unknown as string);
  }

  override get(path: string): string | undefined {
    const found = super.get(path) as string | Source | undefined;
    if (found === undefined || typeof found === 'string') return found;
    return this.resolve(path, found);
  }

  override forEach(fn: (value: string, key: string, map: Map<string, string>) => void, thisArg?: unknown): void {
    this.resolveAll();
    super.forEach(fn, thisArg);
  }

  override entries(): MapIterator<[string, string]> {
    this.resolveAll();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.resolveAll();
    return super.keys();
  }

  override values(): MapIterator<string> {
    this.resolveAll();
    return super.values();
  }

  override [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  private resolve(path: string, source: Source): string {
    // A merged view of a repeated aggregate (./navigate.ts) is located at its first occurrence.
    const location = 'attr' in source ? this.locator.ofAttribute(sourceElement(source.el), source.attr) : this.locator.of(sourceElement(source));
    super.set(path, location);
    return location;
  }

  private resolveAll(): void {
    // Replacing the value of a key during iteration keeps the key's place and visits it once.
    super.forEach((value, path) => {
      if (typeof value !== 'string') this.resolve(path, value as Source);
    });
  }
}
