import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import { describe, expect, it } from 'vitest';
import { invoiceInputJsonSchema } from './json-schema.js';
import { InvoiceInputSchema } from './schema.js';

type Node = Record<string, any>;

/** Every object schema in the tree, with its JSON path. */
function objectSchemas(node: unknown, path = '$', found: Array<[string, Node]> = []): Array<[string, Node]> {
  if (node === null || typeof node !== 'object') return found;
  const schema = node as Node;
  if (schema.type === 'object' && schema.properties) found.push([path, schema]);
  for (const [key, child] of Object.entries(schema)) {
    if (child !== null && typeof child === 'object') objectSchemas(child, `${path}.${key}`, found);
  }
  return found;
}

/** The schema of a property, looking through `anyOf: [X, {type: null}]`. */
function unwrap(property: Node): Node {
  const options = property.anyOf as Node[] | undefined;
  return options?.find((option) => option.type !== 'null') ?? property;
}

describe('JSON Schema of the invoice input', () => {
  it('converts with typeMode "input" without an error, for every target', () => {
    expect(() => toJsonSchema(InvoiceInputSchema, { typeMode: 'input' })).not.toThrow();
    for (const target of ['draft-07', 'draft-2020-12', 'openapi-3.0'] as const) {
      expect(() => invoiceInputJsonSchema(target)).not.toThrow();
    }
  });

  const schema = invoiceInputJsonSchema() as Node;

  it('lists the required top-level fields of the spec', () => {
    expect(schema.type).toBe('object');
    expect([...schema.required].sort()).toStrictEqual(['buyer', 'invoiceDate', 'invoiceNumber', 'items', 'seller']);
  });

  it('describes every property of every object, citing a BT or BG where the field has one', () => {
    const objects = objectSchemas(schema);
    expect(objects.length).toBeGreaterThanOrEqual(8);
    for (const [path, object] of objects) {
      for (const [name, property] of Object.entries(object.properties as Record<string, Node>)) {
        expect(property.description, `${path}.${name}`).toEqual(expect.any(String));
        expect(property.description.length, `${path}.${name}`).toBeGreaterThan(10);
      }
    }
    const described = JSON.stringify(schema);
    for (const term of ['BT-1)', 'BT-2)', 'BT-3)', 'BT-10)', 'BT-13)', 'BT-20)', 'BT-22)', 'BT-72)', 'BT-80)', 'BT-130)', 'BT-120)', 'BT-121)', 'BG-16']) {
      expect(described).toContain(term);
    }
  });

  it('shows the defaults: EUR, 380, S, C62', () => {
    expect(schema.properties.currency.default).toBe('EUR');
    expect(schema.properties.documentType.default).toBe('380');
    const item = schema.properties.items.items as Node;
    expect(item.properties.vatCategory.default).toBe('S');
    expect(item.properties.unitCode.default).toBe('C62');
    expect(unwrap(item.properties.vatCategory).enum).toStrictEqual(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']);
    // A string or the same code as a JSON number (./codes.ts).
    expect(unwrap(schema.properties.documentType).anyOf[0].enum).toStrictEqual(['380', '381', '384', '389', '386']);
  });

  it('types amounts as number or decimal string, with a pattern that agrees with the parser', () => {
    const item = schema.properties.items.items as Node;
    const price = item.properties.unitPrice as Node;
    expect(price.anyOf.map((option: Node) => option.type)).toStrictEqual(['number', 'string']);
    const pattern = new RegExp(price.anyOf[1].pattern as string);
    for (const ok of ['12.50', '0', '-3.2']) expect(pattern.test(ok)).toBe(true);
    for (const bad of ['1e3', '12,50', '.5']) expect(pattern.test(bad)).toBe(false);
  });

  it('marks dates with format "date" and the required strings as non-blank', () => {
    expect(schema.properties.invoiceDate).toMatchObject({ type: 'string', format: 'date' });
    expect(unwrap(schema.properties.dueDate)).toMatchObject({ type: 'string', format: 'date' });
    expect(schema.properties.invoiceNumber).toMatchObject({ type: 'string', pattern: '\\S' });
  });

  it('offers both address forms, string and structured object', () => {
    const address = schema.properties.seller.properties.address as Node;
    expect(address.anyOf.map((option: Node) => option.type)).toStrictEqual(['string', 'object']);
    expect([...address.anyOf[1].required].sort()).toStrictEqual(['city', 'countryCode', 'line1', 'postcode']);
  });

  it('lets optional fields be null', () => {
    const options = (schema.properties.buyerReference as Node).anyOf as JsonSchema[];
    expect(options).toContainEqual({ type: 'null' });
  });

  it('bounds every string: a maxLength, or a form that fixes its length (enum, date, anchored pattern without + or *)', () => {
    const unbounded: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const n = node as Node;
      if (n.type === 'string') {
        const pattern = typeof n.pattern === 'string' ? n.pattern : undefined;
        const fixedForm = Array.isArray(n.enum) || n.format === 'date' || (pattern !== undefined && /^\^[^+*]*\$$/.test(pattern));
        if (typeof n.maxLength !== 'number' && !fixedForm) unbounded.push(path);
      }
      if (n.type === 'array' && path !== '$' && typeof n.maxItems !== 'number') unbounded.push(`${path} (items)`);
      for (const [key, child] of Object.entries(n)) visit(child, `${path}.${key}`);
    };
    visit(schema, '$');
    expect(unbounded).toStrictEqual([]);
    expect(schema.properties.invoiceNumber.maxLength).toBe(200);
    expect(schema.properties.items.maxItems).toBe(10_000);
  });
});
