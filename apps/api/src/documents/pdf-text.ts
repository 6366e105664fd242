import type { PDFFont } from 'pdf-lib';

/**
 * Text the standard fonts can draw. They encode WinAnsi only ('£', '–' and typographic quotes are in it),
 * and pdf-lib throws on anything else, so a name in another script or with an emoji must not reach it:
 * each character outside the set becomes '?', and any white space a plain space.
 */
export function winAnsiFilter(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text.normalize('NFC').replace(/\s/g, ' '), (ch) =>
      supported.has(ch.codePointAt(0) as number) ? ch : '?',
    ).join('');
}

/** The longest start of `word` that fits, at least one character so that wrapping always moves on. */
function fittingPrefix(word: string, fits: (s: string) => boolean): string {
  const chars = Array.from(word);
  let n = chars.length;
  while (n > 1 && !fits(chars.slice(0, n).join(''))) n--;
  return chars.slice(0, n).join('');
}

/**
 * Lines of `text` no wider than `width` at `size`, broken between words; a word wider than a whole line
 * (a hash, a long user agent token) is broken between characters. `text` must already be WinAnsi.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    while (!fits(word)) {
      const head = fittingPrefix(word, fits);
      lines.push(head);
      word = word.slice(head.length);
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}
