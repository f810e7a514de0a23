/**
 * Model paths (`lines[2].vat.category`, `seller.address.city`) as shared
 * strings.
 *
 * The CII reader records where each term came from under its model path, and
 * the rules ask by path whether the document has an element (BR-22, BR-CO-04,
 * ...): a few hundred Map operations per invoice. A path built afresh with a
 * template literal is a new string each time, which the Map must flatten and
 * hash before it can look it up (about 80 ns, measured, against 10 ns for a
 * string it has hashed before). The same paths come back in every invoice
 * (line 0..n, the same terms), so they are built once per process here and
 * every later caller gets the same string, hash included.
 *
 * The values are the same as the template literals would give; only their
 * identity is shared. The memo is bounded: past {@link MAX_SHARED} paths
 * (only input with thousands of lines or groups gets there), paths are built
 * afresh as before.
 */

/** Paths remembered per process: about 200 lines of about 40 paths each (a typical invoice has far fewer); bounded so that a process that once read a huge invoice does not keep its paths. */
const MAX_SHARED = 1 << 13;
let shared = 0;

/** `list[i]` by list path, in index order (a dense array: indexes are asked in order, 0 first). */
const items = new Map<string, string[]>();
/** `base.name` by base path and name. */
const children = new Map<string, Map<string, string>>();

/** The path of item `index` of the list at path `list`: `lines[3]`, `lines[3].allowances[0]`. */
export function itemPath(list: string, index: number): string {
  let byIndex = items.get(list);
  if (byIndex === undefined) {
    if (shared >= MAX_SHARED) return `${list}[${index}]`;
    byIndex = [];
    items.set(list, byIndex);
  }
  const known = byIndex[index];
  if (known !== undefined) return known;
  const path = `${list}[${index}]`;
  // Only appended in order, so that the array stays dense.
  if (index === byIndex.length && shared < MAX_SHARED) {
    byIndex.push(path);
    shared++;
  }
  return path;
}

/** The names under the base path asked last: callers ask for several terms of one group in a row. */
let lastBase: string | undefined;
let lastChildren: Map<string, string> | undefined;

/** The path of `name` (a term or a dotted chain of them) under the path `base`: `lines[3].vat.category`. */
export function childPath(base: string, name: string): string {
  let byName = base === lastBase ? lastChildren : children.get(base);
  if (byName === undefined) {
    if (shared >= MAX_SHARED) return `${base}.${name}`;
    byName = new Map();
    children.set(base, byName);
  }
  lastBase = base;
  lastChildren = byName;
  let path = byName.get(name);
  if (path === undefined) {
    path = `${base}.${name}`;
    if (shared < MAX_SHARED) {
      byName.set(name, path);
      shared++;
    }
  }
  return path;
}

/** Items remembered per {@link IndexedPaths}: far more lines than a typical invoice has, bounded for hostile input. */
const MAX_INDEXED = 1024;

/**
 * One term's path in every item of a list, `lines[i].quantity` for each i,
 * found by index without a look-up: for the callers that ask for the same
 * term of every line (the reader, BR-22, BR-CO-04, ...), created once per
 * process where they are declared. The strings are those of
 * {@link childPath} and {@link itemPath}.
 */
export class IndexedPaths {
  private readonly paths: string[] = [];

  constructor(
    private readonly list: string,
    private readonly name: string,
  ) {}

  /** The path of the term in item `index`. */
  at(index: number): string {
    const known = this.paths[index];
    if (known !== undefined) return known;
    const path = childPath(itemPath(this.list, index), this.name);
    if (index === this.paths.length && index < MAX_INDEXED) this.paths.push(path);
    return path;
  }
}
