/**
 * What the XRechnung 3.0.2 rules of both syntaxes share (KoSIT schematron
 * 2.5.0, `common.sch`): the specification identifiers (BT-24) of the three
 * scenarios, the regular expressions of BR-DE-18 (Skonto), BR-DE-27
 * (telephone), BR-DE-28 (e-mail) and BR-TMP-2 (URL), the code strings the
 * extension and CVD rules test with `contains`, and the BR-DE-18 test itself.
 */
import type { DocumentAssert } from '../document/types.js';
import { attr, matches, normalizeSpace, stringValue, tokenize, XPathDynamicError } from '../document/xpath.js';

/** `$XR-MAJOR-MINOR-VERSION`. */
export const XR_VERSION = '3.0';
/** BT-24 of an XRechnung 3.0 invoice (`$XR-CIUS-ID`). */
export const XR_CIUS_ID = `urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_${XR_VERSION}`;
/** BT-24 of the XRechnung 3.0 extension (`$XR-EXTENSION-ID`). */
export const XR_EXTENSION_ID = `${XR_CIUS_ID}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_${XR_VERSION}`;
/** BT-24 of an XRechnung CVD invoice, Clean Vehicles Directive 0.9 (`$XR-CVD-ID`). */
export const XR_CVD_ID = `${XR_CIUS_ID}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`;

/** `$XR-SKONTO-REGEX` (BR-DE-18). */
export const XR_SKONTO_REGEX = '(^|\\r?\\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$';
/** `$XR-EMAIL-REGEX` (BR-DE-28). */
export const XR_EMAIL_REGEX = '^[^@\\s]+@([^@.\\s]+\\.)+[^@.\\s]+$';
/** `$XR-TELEPHONE-REGEX` (BR-DE-27): at least three digits. */
export const XR_TELEPHONE_REGEX = '.*([0-9].*){3,}.*';
/** `$XR-URL-REGEX` (BR-TMP-2): an absolute URL with a scheme. */
export const XR_URL_REGEX = '^([a-zA-Z])([a-zA-Z0-9+.-])+:.*';

const DIGA_CODES = ' XR01 XR02 XR03 ';
const ISO_6523_ICD_CODES =
  ' 0002 0003 0004 0005 0006 0007 0008 0009 0010 0011 0012 0013 0014 0015 0016 0017 0018 0019 0020 0021 0022 0023 0024 0025 0026 0027 0028 0029 0030 0031 0032 0033 0034 0035 0036 0037 0038 0039 0040 0041 0042 0043 0044 0045 0046 0047 0048 0049 0050 0051 0052 0053 0054 0055 0056 0057 0058 0059 0060 0061 0062 0063 0064 0065 0066 0067 0068 0069 0070 0071 0072 0073 0074 0075 0076 0077 0078 0079 0080 0081 0082 0083 0084 0085 0086 0087 0088 0089 0090 0091 0093 0094 0095 0096 0097 0098 0099 0100 0101 0102 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114 0115 0116 0117 0118 0119 0120 0121 0122 0123 0124 0125 0126 0127 0128 0129 0130 0131 0132 0133 0134 0135 0136 0137 0138 0139 0140 0141 0142 0143 0144 0145 0146 0147 0148 0149 0150 0151 0152 0153 0154 0155 0156 0157 0158 0159 0160 0161 0162 0163 0164 0165 0166 0167 0168 0169 0170 0171 0172 0173 0174 0175 0176 0177 0178 0179 0180 0183 0184 0185 0186 0187 0188 0189 0190 0191 0192 0193 0194 0195 0196 0197 0198 0199 0200 0201 0202 0203 0204 0205 0206 0207 0208 0209 0210 0211 0212 0213 0214 0215 0216 0217 0218 0219 0220 0221 0222 0223 0224 0225 0226 0227 0228 0229 0230 0231 0232 0233 0234 0235 0236 0237 0238 0239 0240 0241 0242 0243 0244';
const CEF_EAS_CODES =
  ' 0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0244 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM ';
const UNTDID_7143_CODES =
  ' AA AB AC AD AE AF AG AH AI AJ AK AL AM AN AO AP AQ AR AS AT AU AV AW AX AY AZ BA BB BC BD BE BF BG BH BI BJ BK BL BM BN BO BP BQ BR BS BT BU BV BW BX BY BZ CC CG CL CR CV DR DW EC EF EMD EN FS GB GN GMN GS HS IB IN IS IT IZ MA MF MN MP NB ON PD PL PO PPI PV QS RC RN RU RY SA SG SK SN SRS SRT SRU SRV SRW SRX SRY SRZ SS SSA SSB SSC SSD SSE SSF SSG SSH SSI SSJ SSK SSL SSM SSN SSO SSP SSQ SSR SSS SST SSU SSV SSW SSX SSY SSZ ST STA STB STC STD STE STF STG STH STI STJ STK STL STM STN STO STP STQ STR STS STT STU STV STW STX STY STZ SUA SUB SUC SUD SUE SUF SUG SUH SUI SUJ SUK SUL SUM TG TSN TSO TSP TSQ TSR TSS TST TSU UA UP VN VP VS VX ZZZ ';

/** `$ISO-6523-ICD-EXT-CODES`: the DiGA codes XR01..XR03 and the ISO 6523 ICD list, as one string (the list's last code, 0244, has no trailing space, so the `contains` test never finds it). */
export const ISO_6523_ICD_EXT_CODES = DIGA_CODES + ISO_6523_ICD_CODES;
/** `$CEF-EAS-EXT-CODES`: the DiGA codes and the EAS list. */
export const CEF_EAS_EXT_CODES = DIGA_CODES + CEF_EAS_CODES;
/** `$UNTDID-7143-CVD-CODES`: CVD and the UNTDID 7143 item classification schemes. */
export const UNTDID_7143_CVD_CODES = ' CVD ' + UNTDID_7143_CODES;
/** `$CVD-VEHICLE-CATEGORY`. */
export const CVD_VEHICLE_CATEGORIES: ReadonlySet<string> = new Set(['M1', 'M2', 'M3', 'N1', 'N2', 'N3']);
/** `$CVA-CODES`. */
export const CVA_CODES: ReadonlySet<string> = new Set(['clean', 'zero-emission', 'other']);

/**
 * The official code test of the extension and CVD rules:
 * `not(contains(normalize-space(@a), ' ')) and contains($codes, concat(' ', normalize-space(@a), ' '))`,
 * a search in a space-separated string (so a blank code finds the double space between two lists).
 */
export function inCodeString(value: string | undefined, codes: string): boolean {
  const v = normalizeSpace(value ?? '');
  return !v.includes(' ') && codes.includes(` ${v} `);
}

/**
 * BR-DE-18 on the payment terms text (BT-20) of the first note of each terms
 * element: every line starting with `#` (after white space) matches the Skonto
 * format, and the text after the last `#...#` segment begins with a line break.
 * `descriptions` are the string values of those first notes.
 */
export function skontoLinesValid(descriptions: readonly string[]): boolean {
  const lines = descriptions.flatMap((d) => tokenize(d, '(\\r?\\n)').filter((l) => normalizeSpace(l).startsWith('#')));
  if (lines.length === 0) return true;
  const tails = descriptions.map((d) => {
    const parts = tokenize(d, '#.+#');
    return parts[parts.length - 1];
  }).filter((t): t is string => t !== undefined);
  // `matches(seq, ...)` of several tails (several payment terms with Skonto lines) is a type error in the official XPath.
  if (tails.length > 1) throw new XPathDynamicError('BR-DE-18: several payment terms texts.');
  const tail = tails[0] ?? '';
  const tailOk = matches(tail, '^\\s*\\n');
  return lines.every((l) => matches(normalizeSpace(l), XR_SKONTO_REGEX) && tailOk);
}

/** The asserts on an item classification identifier (BT-158) of a CVD invoice, the same in both syntaxes. */
export const CVD_CLASSIFICATION_ASSERTS: readonly DocumentAssert[] = [
  {
    id: 'BR-TMP-CVD-01',
    flag: 'fatal',
    terms: ['BT-158-1'],
    message: 'The scheme of an item classification identifier (BT-158-1) must be CVD or a code of UNTDID 7143.',
    test: (el) => inCodeString(attr(el, 'listID'), UNTDID_7143_CVD_CODES),
  },
  {
    id: 'BR-DE-CVD-04',
    flag: 'fatal',
    terms: ['BT-158'],
    message: `An item classification identifier (BT-158) with scheme 'CVD' must be a vehicle category (${[...CVD_VEHICLE_CATEGORIES].join(', ')}).`,
    test: (el) => normalizeSpace(attr(el, 'listID') ?? '') !== 'CVD' || CVD_VEHICLE_CATEGORIES.has(normalizeSpace(stringValue(el))),
  },
];
