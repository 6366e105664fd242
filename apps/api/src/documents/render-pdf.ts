import { BRAND } from '@lender/contract/brand';
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import type { AgreementFacts } from './agreement-facts';
import type { AgreementDocument } from './blocks';
import type { AgreementDocuments } from './documents';
import { winAnsiFilter } from './pdf-text';
import { BOTTOM, MARGIN, PdfWriter, TOP } from './pdf-writer';
import { signatureSection, type SignatureDetails } from './signature-section';

export type { SignatureDetails } from './signature-section';

const FURNITURE = 8;
const FURNITURE_COLOUR = rgb(0.35, 0.35, 0.35);

/** The running header (lender, and what the document is of) and 'Page n of m' footer of every page. */
function drawFurniture(writer: PdfWriter, font: PDFFont, clean: (s: string) => string, headerRight: string) {
  const lender = clean(`${BRAND.legalName}, trading as ${BRAND.name}`);
  const number = clean(headerRight);
  const total = writer.pages.length;
  writer.pages.forEach((page, i) => {
    const { width } = page.getSize();
    const headerY = TOP + 28;
    const style = { size: FURNITURE, font, color: FURNITURE_COLOUR };
    page.drawText(lender, { x: MARGIN, y: headerY, ...style });
    const numberWidth = font.widthOfTextAtSize(number, FURNITURE);
    page.drawText(number, { x: width - MARGIN - numberWidth, y: headerY, ...style });
    page.drawLine({
      start: { x: MARGIN, y: headerY - 6 },
      end: { x: width - MARGIN, y: headerY - 6 },
      thickness: 0.5,
      color: FURNITURE_COLOUR,
    });
    const pageText = `Page ${i + 1} of ${total}`;
    const pageX = (width - font.widthOfTextAtSize(pageText, FURNITURE)) / 2;
    page.drawText(pageText, { x: pageX, y: BOTTOM - 30, ...style });
  });
}

/** A PDF in the house type (Helvetica), and the writer that lays documents out in it. */
async function newPdf() {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // Helvetica and Helvetica-Bold encode the same WinAnsi characters.
  const clean = winAnsiFilter(regular);
  return { pdf, regular, clean, writer: new PdfWriter(pdf, { regular, bold, clean }) };
}

/**
 * The customer's signed copy: the three documents from the same model as the HTML they were shown, in the
 * order they are read before signing (the pre-contract information, the explanation, the agreement), then
 * the signature details. Every date in the file is the signature time and nothing else varies, so the same
 * signature gives the same bytes and the recorded hash of the file can be checked again at any time.
 */
export async function renderAgreementPdf(
  docs: AgreementDocuments,
  signature: SignatureDetails,
  facts: AgreementFacts,
): Promise<Uint8Array> {
  const { pdf, regular, clean, writer } = await newPdf();
  for (const doc of [docs.contract2, docs.contract1, docs.contract3, signatureSection(signature, facts)]) {
    writer.document(doc);
  }
  drawFurniture(writer, regular, clean, `Agreement number ${facts.reference}`);

  const signedAt = new Date(signature.signedAt);
  pdf.setTitle(`${BRAND.name} loan agreement ${facts.reference}`);
  pdf.setAuthor(BRAND.legalName);
  pdf.setSubject('Signed loan agreement, pre-contract credit information and adequate explanation');
  pdf.setCreator(BRAND.name);
  pdf.setProducer(`${BRAND.name} agreements`);
  pdf.setLanguage('en-GB');
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);
  return pdf.save();
}

/** A one-document PDF in the house layout (a statement such as the summary of borrowing). */
export async function renderStatementPdf(
  doc: AgreementDocument,
  meta: { headerRight: string; subject: string; madeAt: Date },
): Promise<Uint8Array> {
  const { pdf, regular, clean, writer } = await newPdf();
  writer.document(doc);
  drawFurniture(writer, regular, clean, meta.headerRight);
  pdf.setTitle(doc.title);
  pdf.setAuthor(BRAND.legalName);
  pdf.setSubject(meta.subject);
  pdf.setCreator(BRAND.name);
  pdf.setLanguage('en-GB');
  pdf.setCreationDate(meta.madeAt);
  pdf.setModificationDate(meta.madeAt);
  return pdf.save();
}
