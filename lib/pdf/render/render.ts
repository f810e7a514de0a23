/**
 * Renders an invoice of the EN 16931 semantic model (lib/model/invoice.ts) as
 * a readable A4 PDF, in French, English or German (./i18n.ts).
 *
 * Content, top to bottom:
 * - seller name and document title (BT-3: invoice, credit note, corrected
 *   invoice, self-billed, prepayment, ...) with the number (BT-1);
 * - seller (BG-4) and buyer (BG-7) blocks: names, trading names, addresses,
 *   country, VAT identifiers (BT-31/BT-48), legal registration (BT-30/BT-47,
 *   named SIREN / SIRET for ICD 0002 / 0009), other identifiers (BT-29/BT-46),
 *   tax registration (BT-32), electronic addresses (BT-34/BT-49), contacts
 *   (BG-6/BG-9), the seller's additional legal information (BT-33); then the
 *   payee (BG-10), tax representative (BG-11) and delivery (BG-13) when present;
 * - dates and references: issue date (BT-2), due date (BT-9), tax point date
 *   (BT-7) or VAT due date code (BT-8), delivery date (BT-72), invoicing
 *   period (BG-14), currencies (BT-5, BT-6), buyer reference (BT-10), project
 *   (BT-11), contract (BT-12), purchase order (BT-13), sales order (BT-14),
 *   receiving and despatch advice (BT-15, BT-16), tender (BT-17), invoiced
 *   object (BT-18), buyer accounting reference (BT-19), preceding invoices (BG-3);
 * - every line (BG-25): id, item name and description, identifiers,
 *   period, notes, attributes, line allowances and charges (BG-27/BG-28),
 *   price details (BG-29), quantity with unit, net unit price, VAT category
 *   and rate, net amount; the table header repeats on every page;
 * - document-level allowances and charges (BG-20/BG-21), the VAT breakdown
 *   (BG-23) with exemption reasons, the totals (BG-22) down to the amount due
 *   (BT-115);
 * - payment instructions (BG-16: means, remittance information, IBAN/BIC,
 *   card, direct debit), payment terms (BT-20), notes (BG-1), supporting
 *   documents (BG-24);
 * - on every page a footer with the seller's legal identity and "page n / N".
 *
 * The PDF embeds DejaVu Sans (subset) so any Latin, Greek or Cyrillic text,
 * accents and the euro sign print. It is always PDF/A-3b; with `opts.xml` it
 * is a Factur-X file carrying that XML (./embed.ts `finishPdfA3`).
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Decimal } from '../../model/decimal.js';
import type { Contact, Identifier, Invoice, InvoiceLine, PostalAddress } from '../../model/invoice.js';
import { finishPdfA3, PRODUCER } from '../embed.js';
import { inspectInvoiceXml, resolveProfile, type FacturXProfile, type InvoiceXmlInfo } from '../profile.js';
import { embedRenderFonts } from './fonts.js';
import { formatAccount, formatAmount, formatDate, formatNumber, formatPercent, type Lang } from './format.js';
import {
  chooseLanguage,
  countryName,
  documentTitle,
  labels,
  paymentMeansName,
  schemeName,
  unitName,
  vatCategoryName,
  vatDueDateCodeName,
} from './i18n.js';
import { A4, COLORS, drawTable, Flow, heightOf, MARGIN, Measurer, type Cell, type Column, type Line, type TextStyle } from './layout.js';

/** Options of {@link renderInvoicePdf}. */
export interface RenderInvoiceOptions {
  /**
   * The invoice's EN 16931 CII XML: when given, the PDF is a Factur-X PDF/A-3
   * file with this XML embedded (its profile read from BT-24).
   */
  xml?: string | Uint8Array;
  /**
   * The profile of `xml` as the caller already read it (e.g. from
   * validateCiiXml's verdict), so the XML is not parsed a second time; read
   * from `xml` when absent.
   */
  xmlProfile?: Pick<InvoiceXmlInfo, 'profile' | 'specificationId'>;
  /** The profile to declare when BT-24 names none (as embedFacturX's `profile` option); must agree with BT-24 otherwise. */
  profile?: FacturXProfile;
  /** Label language; default from the seller's country (./i18n.ts `chooseLanguage`). */
  lang?: Lang;
  /** The clock (document dates); default the current time. */
  now?: Date;
}

const present = (s: string | undefined): s is string => s !== undefined && s.trim() !== '';

/** The text of an identifier with its scheme, e.g. `SIRET 73282932000074`, `5790000436057 (0088)`. */
function identifierText(id: Identifier, fallbackLabel: string): string {
  const named = schemeName(id.scheme);
  if (named !== undefined) return `${named} ${id.id.trim()}`;
  return present(id.scheme) ? `${fallbackLabel} ${id.id.trim()} (${id.scheme.trim()})` : `${fallbackLabel} ${id.id.trim()}`;
}

class InvoiceRenderer {
  private readonly L: (k: string) => string;
  private readonly flow: Flow;
  private readonly m: Measurer;
  private readonly title: string;

  constructor(
    private readonly inv: Invoice,
    private readonly lang: Lang,
    flow: Flow,
  ) {
    this.L = labels(lang);
    this.flow = flow;
    this.m = flow.m;
    this.title = documentTitle(inv.typeCode, lang);
  }

  /** An amount in its currency; without a currency code (BT-5 missing in a document read from outside), the bare number. */
  private amt(v: Decimal | undefined, currency = this.inv.currency): string {
    if (v === undefined) return '';
    return currency.trim() === '' ? formatNumber(v, this.lang, 2) : formatAmount(v, currency.trim(), this.lang);
  }

  private neg(v: Decimal | undefined, currency = this.inv.currency): string {
    return v === undefined ? '' : this.amt(v.negated(), currency);
  }

  private pct(v: Decimal | undefined): string {
    return v === undefined ? '' : formatPercent(v, this.lang);
  }

  private date(iso: string | undefined): string {
    return formatDate(iso, this.lang);
  }

  render(): void {
    this.flow.onContinuationPage = (f) => this.runningHeader(f);
    this.header();
    this.parties();
    this.facts();
    this.lines();
    this.documentAllowancesCharges();
    this.vatBreakdown();
    this.totals();
    this.payment();
    this.notes();
    this.supportingDocuments();
  }

  // -- header ------------------------------------------------------------------

  private runningHeader(f: Flow): void {
    const text = `${this.title} ${this.L('number')} ${this.inv.number} · ${this.inv.seller.name} (${this.L('continued')})`;
    const lines = this.m.wrap(text, { size: 7.5, color: COLORS.muted }, f.width);
    f.drawLines(lines.slice(0, 2), f.left, f.y, f.width);
    f.y -= heightOf(lines.slice(0, 2)) + 3;
    f.rule();
    f.y -= 8;
  }

  private header(): void {
    const f = this.flow;
    const rightW = 230;
    const leftW = f.width - rightW - 16;
    const left: Line[] = [
      ...this.m.wrap(this.inv.seller.name, { bold: true, size: 14 }, leftW),
      ...(present(this.inv.seller.tradingName) && this.inv.seller.tradingName.trim() !== this.inv.seller.name.trim()
        ? this.m.wrap(this.inv.seller.tradingName, { size: 9, color: COLORS.muted }, leftW)
        : []),
    ];
    const right: Line[] = [
      ...this.m.wrap(this.title.toUpperCase(), { bold: true, size: 18, color: COLORS.accent }, rightW),
      ...this.m.wrap(`${this.L('number')} ${this.inv.number}`, { bold: true, size: 11 }, rightW),
      ...this.m.wrap(`${this.L('issueDate')} ${this.date(this.inv.issueDate)}`, { size: 9, color: COLORS.muted }, rightW),
    ];
    const h = Math.max(heightOf(left), heightOf(right));
    f.drawLines(left, f.left, f.y, leftW);
    f.drawLines(right, f.left + f.width - rightW, f.y, rightW, 'right');
    f.y -= h + 6;
    f.rule(COLORS.accent, 1.2);
    f.y -= 10;
  }

  // -- parties -------------------------------------------------------------------

  private address(a: PostalAddress | undefined): string[] {
    if (a === undefined) return [];
    const out = [a.line1, a.line2, a.line3].filter(present).map((s) => s.trim());
    const city = a.city?.trim() ?? '';
    const pc = a.postcode?.trim() ?? '';
    const sub = a.subdivision?.trim() ?? '';
    const cc = a.countryCode?.trim().toUpperCase() ?? '';
    if (cc === 'GB' || cc === 'IE') {
      if (city !== '') out.push(city);
      if (sub !== '') out.push(sub);
      if (pc !== '') out.push(pc);
    } else if (cc === 'US' || cc === 'CA' || cc === 'AU') {
      const l = [city, [sub, pc].filter((x) => x !== '').join(' ')].filter((x) => x !== '').join(', ');
      if (l !== '') out.push(l);
    } else {
      const l = [pc, city].filter((x) => x !== '').join(' ');
      if (l !== '') out.push(sub !== '' ? `${l} (${sub})` : l);
      else if (sub !== '') out.push(sub);
    }
    if (cc !== '') out.push(countryName(cc, this.lang));
    return out;
  }

  private contact(c: Contact | undefined): string | undefined {
    if (c === undefined) return undefined;
    const parts = [c.name, c.phone, c.email].filter(present).map((s) => s.trim());
    return parts.length === 0 ? undefined : this.kv(this.L('contact'), parts.join(' · '));
  }

  private kv(label: string, value: string): string {
    return this.lang === 'fr' ? `${label} : ${value}` : `${label}: ${value}`;
  }

  private sellerCell(): Cell {
    const s = this.inv.seller;
    const cell: Cell = [{ text: s.name, style: { bold: true, size: 9.5 } }];
    if (present(s.tradingName)) cell.push({ text: s.tradingName, style: { size: 8, color: COLORS.muted } });
    for (const l of this.address(s.address)) cell.push({ text: l, style: { size: 8 } });
    const ids: string[] = [];
    if (present(s.vatId)) ids.push(this.kv(this.L('vatId'), s.vatId.trim()));
    if (s.legalRegistrationId !== undefined && present(s.legalRegistrationId.id)) ids.push(identifierText(s.legalRegistrationId, this.L('registration')));
    for (const id of s.identifiers) if (present(id.id)) ids.push(identifierText(id, this.L('identifier')));
    if (present(s.taxRegistrationId)) ids.push(this.kv(this.L('taxRegistration'), s.taxRegistrationId.trim()));
    if (s.electronicAddress !== undefined && present(s.electronicAddress.id)) ids.push(this.electronic(s.electronicAddress));
    for (const t of ids) cell.push({ text: t, style: { size: 7.5, color: COLORS.muted } });
    const c = this.contact(s.contact);
    if (c !== undefined) cell.push({ text: c, style: { size: 7.5, color: COLORS.muted } });
    if (present(s.additionalLegalInfo)) cell.push({ text: s.additionalLegalInfo, style: { size: 7, color: COLORS.muted } });
    return cell;
  }

  private electronic(id: Identifier): string {
    return this.kv(this.L('electronicAddress'), present(id.scheme) ? `${id.id.trim()} (${id.scheme.trim()})` : id.id.trim());
  }

  private buyerCell(): Cell {
    const b = this.inv.buyer;
    const cell: Cell = [{ text: b.name, style: { bold: true, size: 9.5 } }];
    if (present(b.tradingName)) cell.push({ text: b.tradingName, style: { size: 8, color: COLORS.muted } });
    for (const l of this.address(b.address)) cell.push({ text: l, style: { size: 8 } });
    const ids: string[] = [];
    if (present(b.vatId)) ids.push(this.kv(this.L('vatId'), b.vatId.trim()));
    if (b.legalRegistrationId !== undefined && present(b.legalRegistrationId.id)) ids.push(identifierText(b.legalRegistrationId, this.L('registration')));
    if (b.identifier !== undefined && present(b.identifier.id)) ids.push(identifierText(b.identifier, this.L('identifier')));
    if (b.electronicAddress !== undefined && present(b.electronicAddress.id)) ids.push(this.electronic(b.electronicAddress));
    for (const t of ids) cell.push({ text: t, style: { size: 7.5, color: COLORS.muted } });
    const c = this.contact(b.contact);
    if (c !== undefined) cell.push({ text: c, style: { size: 7.5, color: COLORS.muted } });
    return cell;
  }

  private otherPartyCells(): Array<{ title: string; cell: Cell }> {
    const out: Array<{ title: string; cell: Cell }> = [];
    const p = this.inv.payee;
    if (p !== undefined && present(p.name)) {
      const cell: Cell = [{ text: p.name, style: { bold: true, size: 8.5 } }];
      if (p.identifier !== undefined && present(p.identifier.id)) cell.push({ text: identifierText(p.identifier, this.L('identifier')), style: { size: 7.5, color: COLORS.muted } });
      if (p.legalRegistrationId !== undefined && present(p.legalRegistrationId.id)) {
        cell.push({ text: identifierText(p.legalRegistrationId, this.L('registration')), style: { size: 7.5, color: COLORS.muted } });
      }
      out.push({ title: this.L('payee'), cell });
    }
    const t = this.inv.taxRepresentative;
    if (t !== undefined && present(t.name)) {
      const cell: Cell = [{ text: t.name, style: { bold: true, size: 8.5 } }];
      for (const l of this.address(t.address)) cell.push({ text: l, style: { size: 7.5 } });
      if (present(t.vatId)) cell.push({ text: this.kv(this.L('vatId'), t.vatId.trim()), style: { size: 7.5, color: COLORS.muted } });
      out.push({ title: this.L('taxRepresentative'), cell });
    }
    const d = this.inv.delivery;
    if (d !== undefined && (present(d.name) || d.address !== undefined || d.locationId !== undefined)) {
      const cell: Cell = [];
      if (present(d.name)) cell.push({ text: d.name, style: { bold: true, size: 8.5 } });
      for (const l of this.address(d.address)) cell.push({ text: l, style: { size: 7.5 } });
      if (d.locationId !== undefined && present(d.locationId.id)) cell.push({ text: identifierText(d.locationId, this.L('location')), style: { size: 7.5, color: COLORS.muted } });
      if (cell.length > 0) out.push({ title: this.L('delivery'), cell });
    }
    return out;
  }

  /** Boxes side by side, each with a small title; falls back to plain paragraphs when a box would not fit a page. */
  private boxes(items: Array<{ title: string; cell: Cell }>): void {
    if (items.length === 0) return;
    const f = this.flow;
    const gap = 10;
    const w = (f.width - gap * (items.length - 1)) / items.length;
    const pad = 6;
    const laid = items.map(({ title, cell }) => [
      ...this.m.wrap(title.toUpperCase(), { bold: true, size: 7, color: COLORS.accent }, w - 2 * pad),
      ...cell.flatMap((p) => this.m.wrap(p.text, p.style, w - 2 * pad)),
    ]);
    const h = Math.max(...laid.map(heightOf)) + 2 * pad;
    if (h > A4[1] - MARGIN.top - MARGIN.bottom - 60) {
      for (const lines of laid) for (const l of lines) this.paragraphLine(l);
      f.space(8);
      return;
    }
    f.ensure(h);
    laid.forEach((lines, i) => {
      const x = f.left + i * (w + gap);
      f.page.drawRectangle({ x, y: f.y - h, width: w, height: h, color: COLORS.boxFill, borderColor: COLORS.rule, borderWidth: 0.5 });
      f.drawLines(lines, x + pad, f.y - pad, w - 2 * pad);
    });
    f.y -= h + 10;
  }

  private paragraphLine(l: Line): void {
    this.flow.ensure(l.height);
    this.flow.drawLine(l, this.flow.left, this.flow.y, this.flow.width);
    this.flow.y -= l.height;
  }

  private parties(): void {
    this.boxes([
      { title: this.L('seller'), cell: this.sellerCell() },
      { title: this.L('buyer'), cell: this.buyerCell() },
    ]);
    this.boxes(this.otherPartyCells());
  }

  // -- dates and references --------------------------------------------------------

  private facts(): void {
    const inv = this.inv;
    const L = this.L;
    const facts: Array<[string, string]> = [];
    const add = (label: string, value: string | undefined): void => {
      if (present(value)) facts.push([label, value.trim()]);
    };
    add(L('issueDate'), this.date(inv.issueDate));
    add(L('dueDate'), this.date(inv.dueDate));
    add(L('taxPointDate'), this.date(inv.taxPointDate));
    if (present(inv.taxPointDateCode)) add(L('vatDue'), vatDueDateCodeName(inv.taxPointDateCode, this.lang));
    add(L('deliveryDate'), this.date(inv.delivery?.actualDate));
    const period = inv.invoicingPeriod;
    if (period !== undefined && (present(period.start) || present(period.end))) {
      add(L('period'), `${this.date(period.start)} – ${this.date(period.end)}`.replace(/^ – | – $/g, ''));
    }
    add(L('currency'), inv.currency);
    add(L('vatCurrency'), inv.vatAccountingCurrency);
    add(L('buyerReference'), inv.buyerReference);
    add(L('purchaseOrder'), inv.purchaseOrderReference);
    add(L('salesOrder'), inv.salesOrderReference);
    add(L('contractReference'), inv.contractReference);
    add(L('projectReference'), inv.projectReference);
    add(L('receivingAdvice'), inv.receivingAdviceReference);
    add(L('despatchAdvice'), inv.despatchAdviceReference);
    add(L('tender'), inv.tenderOrLotReference);
    if (inv.invoicedObjectIdentifier !== undefined && present(inv.invoicedObjectIdentifier.id)) {
      const o = inv.invoicedObjectIdentifier;
      add(L('invoicedObject'), present(o.scheme) ? `${o.id.trim()} (${o.scheme.trim()})` : o.id);
    }
    add(L('buyerAccounting'), inv.buyerAccountingReference);
    for (const p of inv.precedingInvoices) {
      if (present(p.reference)) add(L('precedingInvoice'), present(p.issueDate) ? `${p.reference.trim()} ${L('of')} ${this.date(p.issueDate)}` : p.reference);
    }
    const f = this.flow;
    const cols = 3;
    const gap = 10;
    const w = (f.width - gap * (cols - 1)) / cols;
    for (let i = 0; i < facts.length; i += cols) {
      const row = facts.slice(i, i + cols).map(([label, value]) => [
        ...this.m.wrap(label, { size: 6.8, color: COLORS.muted }, w),
        ...this.m.wrap(value, { bold: true, size: 8.5 }, w),
      ]);
      const h = Math.max(...row.map(heightOf));
      f.ensure(h);
      row.forEach((lines, j) => f.drawLines(lines, f.left + j * (w + gap), f.y, w));
      f.y -= h + 4;
    }
    f.space(8);
  }

  // -- lines ---------------------------------------------------------------------------

  private lineDetails(line: InvoiceLine): Cell {
    const L = this.L;
    const muted: TextStyle = { size: 7, color: COLORS.muted };
    const cell: Cell = [{ text: line.item.name, style: { bold: true, size: 8.2 } }];
    if (present(line.item.description)) cell.push({ text: line.item.description, style: { size: 7.6 } });
    const ids: string[] = [];
    if (present(line.item.sellerId)) ids.push(this.kv(L('sellerItemId'), line.item.sellerId.trim()));
    if (present(line.item.buyerId)) ids.push(this.kv(L('buyerItemId'), line.item.buyerId.trim()));
    if (line.item.standardId !== undefined && present(line.item.standardId.id)) {
      const s = line.item.standardId;
      ids.push(this.kv(L('standardItemId'), present(s.scheme) ? `${s.id.trim()} (${s.scheme.trim()})` : s.id.trim()));
    }
    for (const c of line.item.classifications) {
      if (!present(c.id)) continue;
      const scheme = [c.scheme, c.version].filter(present).join(' ');
      ids.push(this.kv(L('classification'), scheme === '' ? c.id.trim() : `${c.id.trim()} (${scheme})`));
    }
    if (present(line.item.originCountry)) ids.push(this.kv(L('origin'), countryName(line.item.originCountry, this.lang)));
    if (line.objectIdentifier !== undefined && present(line.objectIdentifier.id)) ids.push(this.kv(L('objectId'), line.objectIdentifier.id.trim()));
    if (present(line.orderLineReference)) ids.push(this.kv(L('orderLine'), line.orderLineReference.trim()));
    if (present(line.buyerAccountingReference)) ids.push(this.kv(L('accountingReference'), line.buyerAccountingReference.trim()));
    if (line.period !== undefined && (present(line.period.start) || present(line.period.end))) {
      ids.push(`${this.date(line.period.start)} – ${this.date(line.period.end)}`.replace(/^ – | – $/g, ''));
    }
    if (ids.length > 0) cell.push({ text: ids.join(' · '), style: muted });
    const attrs = line.item.attributes.filter((a) => present(a.name) || present(a.value)).map((a) => `${a.name.trim()}: ${a.value.trim()}`);
    if (attrs.length > 0) cell.push({ text: attrs.join(' · '), style: muted });
    const price = line.price;
    const priceParts: string[] = [];
    if (price.grossPrice !== undefined) {
      priceParts.push(`${L('grossPrice')} ${this.amt(price.grossPrice)}`);
      if (price.discount !== undefined && !price.discount.isZero()) priceParts.push(`${L('priceDiscount')} ${this.amt(price.discount)}`);
    }
    if (price.baseQuantity !== undefined && !price.baseQuantity.eq(1)) {
      priceParts.push(`${L('per')} ${formatNumber(price.baseQuantity, this.lang)} ${unitName(price.baseQuantityUnitCode ?? line.unitCode, this.lang)}`.trim());
    }
    if (priceParts.length > 0) cell.push({ text: priceParts.join(' · '), style: muted });
    for (const a of line.allowances) cell.push({ text: this.allowanceChargeText(L('allowance'), a, true), style: muted });
    for (const c of line.charges) cell.push({ text: this.allowanceChargeText(L('charge'), c, false), style: muted });
    if (present(line.note)) cell.push({ text: this.kv(L('note'), line.note.trim()), style: { size: 7, color: COLORS.muted } });
    return cell;
  }

  private allowanceChargeText(
    kind: string,
    ac: { amount?: Decimal; baseAmount?: Decimal; percentage?: Decimal; reason?: string; reasonCode?: string },
    allowance: boolean,
  ): string {
    const reason = [ac.reason?.trim(), present(ac.reasonCode) ? `(${ac.reasonCode.trim()})` : undefined].filter(present).join(' ');
    let calc = '';
    if (ac.percentage !== undefined && ac.baseAmount !== undefined) calc = `${this.pct(ac.percentage)} × ${this.amt(ac.baseAmount)} = `;
    const amount = ac.amount === undefined ? '' : allowance ? this.neg(ac.amount) : this.amt(ac.amount);
    return `${kind}${reason === '' ? '' : ` ${reason}`}: ${calc}${amount}`.trim();
  }

  private vatText(category: string | undefined, rate: Decimal | undefined): string {
    const cat = category?.trim() ?? '';
    if (cat === 'S' || cat === '') return this.pct(rate);
    return rate === undefined || (cat === 'O' && rate.isZero()) ? cat : `${cat} ${this.pct(rate)}`;
  }

  private lines(): void {
    const L = this.L;
    const columns: Column[] = [
      { width: 26, fit: true },
      { width: 'flex' },
      { width: 46, align: 'right', fit: true },
      { width: 34, fit: true },
      { width: 64, align: 'right', fit: true },
      { width: 44, align: 'right', fit: true },
      { width: 72, align: 'right', fit: true },
    ];
    const cellOf = (text: string, bold = false): Cell => [{ text, style: { size: 8, bold } }];
    const rows = this.inv.lines.map((line) => [
      cellOf(line.id),
      this.lineDetails(line),
      cellOf(line.quantity === undefined ? '' : formatNumber(line.quantity, this.lang)),
      cellOf(unitName(line.unitCode, this.lang)),
      cellOf(this.amt(line.price.netPrice)),
      cellOf(this.vatText(line.vat.category, line.vat.rate)),
      cellOf(this.amt(line.netAmount), true),
    ]);
    drawTable(this.flow, columns, [L('colId'), L('colDescription'), L('colQuantity'), L('colUnit'), L('colUnitPrice'), L('colVat'), L('colNet')], rows);
    this.flow.space(12);
  }

  private documentAllowancesCharges(): void {
    const inv = this.inv;
    if (inv.allowances.length === 0 && inv.charges.length === 0) return;
    const L = this.L;
    this.sectionTitle(L('documentAllowancesCharges'), 40);
    const cellOf = (text: string, bold = false): Cell => [{ text, style: { size: 8, bold } }];
    const row = (kind: string, ac: (typeof inv.allowances)[number], allowance: boolean): Cell[] => {
      const reason = [ac.reason?.trim(), present(ac.reasonCode) ? `(${ac.reasonCode.trim()})` : undefined].filter(present).join(' ');
      return [
        cellOf(reason === '' ? kind : `${kind} – ${reason}`),
        cellOf(this.amt(ac.baseAmount)),
        cellOf(this.pct(ac.percentage)),
        cellOf(this.vatText(ac.vatCategory, ac.vatRate)),
        cellOf(ac.amount === undefined ? '' : allowance ? this.neg(ac.amount) : this.amt(ac.amount), true),
      ];
    };
    const rows = [...inv.allowances.map((a) => row(L('allowance'), a, true)), ...inv.charges.map((c) => row(L('charge'), c, false))];
    drawTable(
      this.flow,
      [{ width: 'flex' }, { width: 80, align: 'right', fit: true }, { width: 44, align: 'right', fit: true }, { width: 50, align: 'right', fit: true }, { width: 80, align: 'right', fit: true }],
      [L('colReason'), L('colBase'), L('colPercent'), L('colVat'), L('colAmount')],
      rows,
    );
    this.flow.space(12);
  }

  private sectionTitle(text: string, keepWith: number): void {
    const lines = this.m.wrap(text.toUpperCase(), { bold: true, size: 8, color: COLORS.accent }, this.flow.width);
    this.flow.ensure(heightOf(lines) + keepWith);
    this.flow.y -= this.flow.drawLines(lines, this.flow.left, this.flow.y, this.flow.width) + 3;
  }

  private vatBreakdown(): void {
    const inv = this.inv;
    if (inv.vatBreakdown.length === 0) return;
    const L = this.L;
    this.sectionTitle(L('vatBreakdown'), 40);
    const rows = inv.vatBreakdown.map((v) => {
      const cat: Cell = [{ text: vatCategoryName(v.category, this.lang), style: { size: 8 } }];
      const reason = [v.exemptionReasonCode?.trim(), v.exemptionReason?.trim()].filter(present).join(' – ');
      if (reason !== '') cat.push({ text: this.kv(L('exemption'), reason), style: { size: 7, color: COLORS.muted } });
      return [
        cat,
        [{ text: this.pct(v.rate), style: { size: 8 } }],
        [{ text: this.amt(v.taxableAmount), style: { size: 8 } }],
        [{ text: this.amt(v.taxAmount), style: { size: 8, bold: true } }],
      ] as Cell[];
    });
    drawTable(
      this.flow,
      [{ width: 'flex' }, { width: 50, align: 'right', fit: true }, { width: 90, align: 'right', fit: true }, { width: 90, align: 'right', fit: true }],
      [L('colCategory'), L('colRate'), L('colTaxable'), L('colTax')],
      rows,
    );
    this.flow.space(10);
  }

  private totals(): void {
    const t = this.inv.totals;
    const L = this.L;
    const rows: Array<{ label: string; value: string; strong?: boolean; due?: boolean }> = [];
    const add = (label: string, value: string, strong = false, due = false): void => {
      if (value !== '') rows.push({ label, value, strong, due });
    };
    add(L('lineTotal'), this.amt(t.lineNetTotal));
    if (t.allowanceTotal !== undefined) add(L('allowanceTotal'), this.neg(t.allowanceTotal));
    if (t.chargeTotal !== undefined) add(L('chargeTotal'), this.amt(t.chargeTotal));
    add(L('taxExclusive'), this.amt(t.taxExclusiveAmount), true);
    add(L('vatTotal'), this.amt(t.vatTotal));
    if (t.vatTotalInAccountingCurrency !== undefined && present(this.inv.vatAccountingCurrency)) {
      add(`${L('vatTotal')} (${this.inv.vatAccountingCurrency.trim()})`, this.amt(t.vatTotalInAccountingCurrency, this.inv.vatAccountingCurrency));
    }
    add(L('taxInclusive'), this.amt(t.taxInclusiveAmount), true);
    if (t.prepaidAmount !== undefined) add(L('prepaid'), this.neg(t.prepaidAmount));
    if (t.roundingAmount !== undefined && !t.roundingAmount.isZero()) add(L('rounding'), this.amt(t.roundingAmount));
    add(L('amountDue'), this.amt(t.amountDue), true, true);
    if (rows.length === 0) return;
    const f = this.flow;
    const boxW = 270;
    const valueW = 110;
    const labelW = boxW - valueW - 12;
    const x = f.left + f.width - boxW;
    const laid = rows.map((r) => {
      const size = r.due ? 10.5 : 8.5;
      const label = this.m.wrap(r.label, { bold: r.strong, size }, labelW);
      const value = this.m.fit(r.value, { bold: r.strong, size }, valueW);
      return { r, label, value, h: Math.max(heightOf(label), heightOf(value)) + 4 };
    });
    f.ensure(laid.reduce((s, l) => s + l.h, 0) + 6);
    for (const { r, label, value, h } of laid) {
      if (r.due) {
        f.page.drawRectangle({ x, y: f.y - h, width: boxW, height: h, color: COLORS.headerFill });
      }
      f.drawLines(label, x + 4, f.y - 2, labelW);
      f.drawLines(value, x + boxW - valueW - 4, f.y - 2, valueW, 'right');
      f.y -= h;
      if (r.strong && !r.due) {
        f.page.drawLine({ start: { x, y: f.y }, end: { x: x + boxW, y: f.y }, thickness: 0.4, color: COLORS.rule });
      }
    }
    f.space(14);
  }

  // -- payment, notes, documents ------------------------------------------------

  private block(title: string, paragraphs: string[]): void {
    const items = paragraphs.filter(present);
    if (items.length === 0) return;
    this.sectionTitle(title, 14);
    for (const p of items) this.flow.paragraph(p, { size: 8 });
    this.flow.space(8);
  }

  private payment(): void {
    const L = this.L;
    const p = this.inv.paymentInstructions;
    const lines: string[] = [];
    if (p !== undefined) {
      if (present(p.typeCode)) lines.push(this.kv(L('paymentMeans'), paymentMeansName(p.typeCode, this.lang) + (present(p.text) ? ` – ${p.text.trim()}` : '')));
      if (present(p.remittanceInformation)) lines.push(this.kv(L('remittance'), p.remittanceInformation.trim()));
      for (const ct of p.creditTransfers) {
        const parts: string[] = [];
        if (present(ct.accountId)) {
          const iban = /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(ct.accountId.replace(/\s+/g, ''));
          parts.push(this.kv(iban ? L('iban') : L('account'), formatAccount(ct.accountId.trim())));
        }
        if (present(ct.serviceProviderId)) parts.push(this.kv(L('bic'), ct.serviceProviderId.trim()));
        if (present(ct.accountName)) parts.push(this.kv(L('accountName'), ct.accountName.trim()));
        if (parts.length > 0) lines.push(parts.join(' · '));
      }
      if (p.card !== undefined && present(p.card.accountNumber)) {
        lines.push(`${this.kv(L('card'), p.card.accountNumber.trim())}${present(p.card.holderName) ? ` · ${this.kv(L('cardHolder'), p.card.holderName.trim())}` : ''}`);
      }
      const dd = p.directDebit;
      if (dd !== undefined) {
        const parts: string[] = [];
        if (present(dd.mandateReference)) parts.push(this.kv(L('mandate'), dd.mandateReference.trim()));
        if (present(dd.creditorId)) parts.push(this.kv(L('creditorId'), dd.creditorId.trim()));
        if (present(dd.debitedAccountId)) parts.push(this.kv(L('debitedAccount'), formatAccount(dd.debitedAccountId.trim())));
        if (parts.length > 0) lines.push(parts.join(' · '));
      }
    }
    if (present(this.inv.dueDate)) lines.push(this.kv(L('dueDate'), this.date(this.inv.dueDate)));
    if (present(this.inv.paymentTerms)) lines.push(this.kv(L('paymentTerms'), this.inv.paymentTerms.trim()));
    this.block(L('payment'), lines);
  }

  private notes(): void {
    this.block(
      this.L('notes'),
      this.inv.notes.filter((n) => present(n.text)).map((n) => (present(n.subjectCode) ? `[${n.subjectCode.trim()}] ${n.text.trim()}` : n.text.trim())),
    );
  }

  private supportingDocuments(): void {
    this.block(
      this.L('supportingDocuments'),
      this.inv.supportingDocuments
        .filter((d) => present(d.reference))
        .map((d) =>
          [d.reference.trim(), d.description?.trim(), d.uri?.trim(), d.attachment?.filename?.trim()].filter(present).join(' – '),
        ),
    );
  }

  // -- footer ----------------------------------------------------------------------

  footers(): void {
    const f = this.flow;
    const s = this.inv.seller;
    const legal = [
      s.name.trim(),
      s.additionalLegalInfo?.trim(),
      present(s.vatId) ? this.kv(this.L('vatId'), s.vatId.trim()) : undefined,
      s.legalRegistrationId !== undefined && present(s.legalRegistrationId.id) ? identifierText(s.legalRegistrationId, this.L('registration')) : undefined,
    ]
      .filter(present)
      .join(' · ');
    const n = f.pages.length;
    const pageW = 70;
    const textW = f.width - pageW - 10;
    const lines = this.m.wrap(legal, { size: 6.5, color: COLORS.muted }, textW).slice(0, 3);
    const top = MARGIN.bottom - 12;
    f.pages.forEach((page, i) => {
      f.page = page;
      page.drawLine({ start: { x: f.left, y: top + 4 }, end: { x: f.left + f.width, y: top + 4 }, thickness: 0.5, color: COLORS.rule });
      f.drawLines(lines, f.left, top, textW);
      const label = this.m.fit(`${this.L('page')} ${i + 1} / ${n}`, { size: 7.5, color: COLORS.muted }, pageW);
      f.drawLines(label, f.left + f.width - pageW, top, pageW, 'right');
    });
  }
}

/**
 * Renders an invoice as an A4 PDF/A-3b document (see the module comment);
 * with `opts.xml`, a Factur-X PDF/A-3 carrying that XML.
 * @throws XmlSyntaxError, XmlSecurityError, FacturXXmlError when `opts.xml` is not a usable Factur-X CII XML
 */
export async function renderInvoicePdf(invoice: Invoice, opts: RenderInvoiceOptions = {}): Promise<Uint8Array> {
  const now = opts.now ?? new Date();
  const lang = chooseLanguage(invoice, opts.lang);
  let attachment: { xml: Uint8Array; profile: FacturXProfile } | undefined;
  if (opts.xml !== undefined) {
    const xml = typeof opts.xml === 'string' ? new TextEncoder().encode(opts.xml) : opts.xml;
    attachment = { xml, profile: resolveProfile(opts.xmlProfile ?? inspectInvoiceXml(xml), opts.profile) };
  }
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setLanguage(lang === 'fr' ? 'fr-FR' : lang === 'de' ? 'de-DE' : 'en');
  const fonts = await embedRenderFonts(doc);
  const flow = new Flow(doc, new Measurer(fonts));
  const r = new InvoiceRenderer(invoice, lang, flow);
  r.render();
  r.footers();
  const title = `${documentTitle(invoice.typeCode, lang)} ${invoice.number}`.trim();
  const { pdf } = await finishPdfA3(doc, {
    now,
    metadata: {
      title,
      author: invoice.seller.name,
      subject: `${title} – ${invoice.seller.name} → ${invoice.buyer.name}`,
      creator: 'facturx-service invoice renderer',
      producer: PRODUCER,
      createDate: now,
      modifyDate: now,
    },
    ...(attachment === undefined ? {} : { invoice: attachment }),
    idSeed: new TextEncoder().encode(`${invoice.number}|${invoice.issueDate}|${invoice.seller.name}`),
  });
  return pdf;
}
