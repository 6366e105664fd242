import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, StandardFonts, type PDFObject, type PDFRawStream } from 'pdf-lib';

/**
 * Decodes WinAnsi by pdf-lib's own table (what each character Helvetica has encodes to): Node's
 * 'windows-1252' TextDecoder reads 0x80-0x9F as Latin-1, losing '’', '–' and '•'.
 */
async function winAnsiDecoder() {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const byCode = new Map(
    font
      .getCharacterSet()
      .map((cp) => [parseInt(font.encodeText(String.fromCodePoint(cp)).toString().slice(1, -1), 16), cp]),
  );
  return (hex: string) =>
    String.fromCodePoint(...(hex.match(/../g) ?? []).map((byte) => byCode.get(parseInt(byte, 16)) ?? 0xfffd));
}

export type Drawn = { text: string; y: number };

/** What is drawn on each page, in drawing order: each `Tj` string, decoded, at the `Tm` before it. */
export async function drawnLines(bytes: Uint8Array): Promise<Drawn[][]> {
  const pdf = await PDFDocument.load(bytes);
  const decode = await winAnsiDecoder();
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents() as PDFObject;
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    return refs.flatMap((ref) => {
      const stream = pdf.context.lookup(ref) as PDFRawStream;
      const flate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      const source = Buffer.from(flate ? inflateSync(stream.contents) : stream.contents).toString('latin1');
      return [...source.matchAll(/ ([\d.-]+) Tm\s+<([0-9A-Fa-f]*)> Tj/g)].map((m) => ({
        text: decode(m[2]!),
        y: Number(m[1]),
      }));
    });
  });
}

export const drawnText = async (bytes: Uint8Array) =>
  (await drawnLines(bytes)).map((page) => page.map((line) => line.text));
