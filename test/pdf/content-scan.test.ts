import { describe, expect, it } from 'vitest';
import { scanDeviceColours } from '../../lib/pdf/content-scan.js';

function scan(content: string | Uint8Array): { rgb: boolean; cmyk: boolean } {
  const use = { rgb: false, cmyk: false };
  scanDeviceColours(typeof content === 'string' ? new TextEncoder().encode(content) : content, use);
  return use;
}

describe('scanDeviceColours', () => {
  const cases: Array<[string, string, { rgb: boolean; cmyk: boolean }]> = [
    ['rg fill', '1 0 0 rg 0 0 10 10 re f', { rgb: true, cmyk: false }],
    ['RG stroke', '0.1 0.2 0.3 RG', { rgb: true, cmyk: false }],
    ['k fill', '0 0 0 1 k', { rgb: false, cmyk: true }],
    ['K stroke', '0 .5 .5 0 K', { rgb: false, cmyk: true }],
    ['gray only', '0.5 g 0 G', { rgb: false, cmyk: false }],
    ['cs with a device name', '/DeviceCMYK cs 0 0 0 1 sc', { rgb: false, cmyk: true }],
    ['cs with a resource name', '/CS0 cs 1 scn', { rgb: false, cmyk: false }],
    ['operators inside a string', 'BT /F1 12 Tf (0 0 0 1 k and 1 0 0 rg) Tj ET', { rgb: false, cmyk: false }],
    ['escaped parentheses in a string', 'BT (a \\) 1 0 0 rg \\( b) Tj ET 0 0 0 1 k', { rgb: false, cmyk: true }],
    ['operators inside a hex string', 'BT <6b20726720> Tj ET', { rgb: false, cmyk: false }],
    ['operators in a comment', '% 0 0 0 1 k\n0 g', { rgb: false, cmyk: false }],
    ['inline image in DeviceCMYK', 'BI /W 1 /H 1 /CS /CMYK /BPC 8 ID \x00\x00\x00\xff EI', { rgb: false, cmyk: true }],
    ['inline image in RGB, data looking like operators', 'BI /W 1 /H 1 /CS /RGB /BPC 8 ID 0 0 0 1 k EI Q', { rgb: true, cmyk: false }],
    ['inline image with a filter array before CS', 'BI /W 2 /F [/AHx /Fl] /CS /DeviceCMYK ID 00> EI', { rgb: false, cmyk: true }],
    ['marked content and dictionaries', '/Span <</ActualText (k)>> BDC EMC', { rgb: false, cmyk: false }],
  ];
  it.each(cases)('%s', (_name, content, expected) => {
    expect(scan(content)).toEqual(expected);
  });
});
