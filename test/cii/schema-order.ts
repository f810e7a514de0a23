/**
 * Test helper: checks that every element of a CII document appears among the
 * children its XSD complex type declares, in the declared sequence order. It
 * reads the sequences straight from the schema files, so a failure names the
 * offending element and the expected order (clearer than a libxml2 message).
 */
import { readFileSync } from 'node:fs';
import type { XmlDocument, XmlElement, XmlNode } from 'libxml2-wasm';
import { XmlElement as XmlElementClass } from 'libxml2-wasm';
import { withXmlDocument } from '../../lib/xml/parse.js';

const XS = { xs: 'http://www.w3.org/2001/XMLSchema' };

/** Child element names and their type (local names), per complex type name. */
export type SequenceMap = Map<string, Array<{ name: string; type: string }>>;

function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i === -1 ? qname : qname.slice(i + 1);
}

/** Reads every `xs:complexType[@name]/xs:sequence` of the given schema files. */
export function readSequences(...xsdPaths: string[]): SequenceMap {
  const map: SequenceMap = new Map();
  for (const path of xsdPaths) {
    withXmlDocument(readFileSync(path), (doc: XmlDocument) => {
      for (const type of doc.find('//xs:complexType[@name][xs:sequence]', XS)) {
        const t = type as XmlElement;
        const children = t.find('xs:sequence/xs:element', XS).map((n) => {
          const e = n as XmlElement;
          return { name: e.attr('name')?.value ?? '', type: localName(e.attr('type')?.value ?? '') };
        });
        map.set(t.attr('name')!.value, children);
      }
    });
  }
  return map;
}

function childElements(e: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let c: XmlNode | null = e.firstChild; c !== null; c = (c as XmlElement).next) {
    if (c instanceof XmlElementClass) out.push(c);
  }
  return out;
}

/**
 * Walks `root` (of complex type `rootType`) and returns one message per element
 * that is unknown to its parent's type or out of sequence order.
 */
export function orderViolations(root: XmlElement, rootType: string, sequences: SequenceMap): string[] {
  const problems: string[] = [];
  const walk = (el: XmlElement, type: string, path: string): void => {
    const seq = sequences.get(type);
    if (seq === undefined) return; // a data type (udt/qdt): no element sequence to check
    let last = -1;
    for (const child of childElements(el)) {
      const idx = seq.findIndex((s) => s.name === child.name);
      const childPath = `${path}/${child.name}`;
      if (idx === -1) {
        problems.push(`${childPath}: not allowed in ${type} (${seq.map((s) => s.name).join(', ')})`);
        continue;
      }
      if (idx < last) problems.push(`${childPath}: out of order in ${type} (expected ${seq.map((s) => s.name).join(', ')})`);
      last = idx;
      walk(child, seq[idx]!.type, childPath);
    }
  };
  walk(root, rootType, root.name);
  return problems;
}
