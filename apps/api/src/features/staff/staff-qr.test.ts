import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { qrSvg } from './staff-sign-in-service';

const URI =
  'otpauth://totp/Kestrel%20Loans%20staff%3Ajo%40kestrel.example?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567' +
  '&issuer=Kestrel%20Loans%20staff&algorithm=SHA1&digits=6&period=30';

describe('the enrolment QR code', () => {
  it('draws exactly the dark modules of the QR code of the URI, inside a 4-module quiet zone', () => {
    const svg = qrSvg(URI);
    const qr = qrcode(0, 'M');
    qr.addData(URI);
    qr.make();
    const n = qr.getModuleCount();
    expect(svg).toContain(`viewBox="0 0 ${n + 8} ${n + 8}"`);
    const drawn = new Set<string>();
    for (const [, x, y, w] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i++) drawn.add(`${Number(y) - 4},${Number(x) - 4 + i}`);
    }
    const dark = new Set<string>();
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) if (qr.isDark(row, col)) dark.add(`${row},${col}`);
    }
    expect(dark.size).toBeGreaterThan(100);
    expect([...drawn].sort()).toEqual([...dark].sort());
  });

  it('is a plain, small SVG: no script, link or event handler', () => {
    const svg = qrSvg(URI);
    expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
    expect(svg).not.toMatch(/<script|href|\son\w+=/i);
    expect(svg.length).toBeLessThan(12_000);
  });
});
