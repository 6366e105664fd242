import { BRAND } from '@lender/contract/brand';
import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { PDFDocument } from 'pdf-lib';
import { drawnLines, drawnText } from '../test/pdf-drawn-text';
import { describe, expect, it } from 'vitest';
import type { AgreementFacts } from './agreement-facts';
import { documentText } from './blocks';
import { createAgreementFacts } from '../test/agreement-facts';
import { agreementDocuments } from './documents';
import { renderAgreementPdf, type SignatureDetails } from './render-pdf';
import { BOTTOM, TOP } from './pdf-writer';
import { signatureSection } from './signature-section';

const signature: SignatureDetails = {
  signedAt: '2026-11-23T14:05:09.000Z',
  ipAddress: '203.0.113.7',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  documentsSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
};

const render = (facts: AgreementFacts, sig: SignatureDetails = signature) =>
  renderAgreementPdf(agreementDocuments(facts), sig, facts);

const squash = (s: string) => s.replace(/\s+/g, '');

describe('renderAgreementPdf', () => {
  const facts = createAgreementFacts();

  it('is an A4 PDF dated at the signature, with fixed metadata', async () => {
    const pdf = await PDFDocument.load(await render(facts), { updateMetadata: false });
    expect(pdf.getPageCount()).toBeGreaterThan(3);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(pdf.getCreationDate()?.toISOString()).toBe(signature.signedAt);
    expect(pdf.getModificationDate()?.toISOString()).toBe(signature.signedAt);
    expect(pdf.getTitle()).toBe(`${BRAND.name} loan agreement ${facts.reference}`);
    expect(pdf.getProducer()).toBe(`${BRAND.name} agreements`);
  });

  it('draws the text of the documents the HTML is made from, then the signature, under a header and page number', async () => {
    const docs = agreementDocuments(facts);
    const pages = await drawnText(await render(facts));
    // The header and page number are drawn last on each page, once the page count is known.
    const furniture = pages.map((strings) => strings.slice(-3));
    furniture.forEach((strings, i) =>
      expect(strings).toEqual([
        `${BRAND.legalName}, trading as ${BRAND.name}`,
        `Agreement number ${facts.reference}`,
        `Page ${i + 1} of ${pages.length}`,
      ]),
    );
    const drawn = pages.flatMap((strings) => strings.slice(0, -3)).filter((s) => s !== '•');
    const expected = [
      docs.contract2,
      docs.contract1,
      docs.contract3,
      signatureSection(signature, facts),
    ].flatMap(documentText);
    // Lines wrap differently on paper, so the comparison is of every character in order, spaces aside.
    expect(squash(drawn.join(''))).toBe(squash(expected.join('')));

    const text = drawn.join(' ');
    const { price } = facts.pricing;
    expect(text).toContain(facts.customer.fullName);
    expect(text).toContain(formatPence(price.totalRepayablePence));
    for (const line of price.schedule) {
      expect(text).toContain(formatDisplayDate(line.date));
      expect(text).toContain(formatPence(line.paymentPence));
    }
    expect(drawn).toContain('23-11-2026 14:05'); // signed at, London time (GMT in November)
  });

  it('shows the signature time in London time, summer time included', async () => {
    const summer = { ...signature, signedAt: '2026-07-01T23:30:00.000Z' };
    expect((await drawnText(await render(facts, summer))).flat()).toContain('02-07-2026 00:30');
  });

  it('gives the same bytes for the same inputs, and other bytes for another signature time', async () => {
    const first = await render(facts);
    expect(Buffer.from(await render(facts)).equals(Buffer.from(first))).toBe(true);
    const later = await render(facts, { ...signature, signedAt: '2026-11-23T14:05:10.000Z' });
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false);
  });

  it('draws characters Helvetica lacks as "?" rather than failing', async () => {
    const customer = { ...facts.customer, fullName: 'Zoë 😀 Łukasz 李' };
    const pages = await drawnText(await render(createAgreementFacts({ customer })));
    expect(pages.flat().join(' ')).toContain('Zoë ? ?ukasz ?');
  });

  it('breaks a word too long for its cell without losing a character', async () => {
    const long = { ...signature, userAgent: 'x'.repeat(400) };
    const drawn = (await drawnText(await render(facts, long))).flat();
    const pieces = drawn.filter((s) => /^x+$/.test(s));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(long.userAgent);
  });

  it('keeps a cell longer than a page inside the margins, continuing on the next page', async () => {
    const long = { ...signature, userAgent: Array.from({ length: 900 }, (_, i) => `token${i}`).join(' ') };
    const pages = await drawnLines(await render(facts, long));
    const body = pages.map((lines) => lines.slice(0, -3));
    const agentPages = body.filter((lines) => lines.some((line) => line.text.startsWith('token')));
    expect(agentPages.length).toBeGreaterThan(1);
    for (const line of body.flat()) {
      expect(line.y).toBeGreaterThanOrEqual(BOTTOM);
      expect(line.y).toBeLessThanOrEqual(TOP);
    }
    const agent = body.flat().filter((line) => line.text.startsWith('token'));
    expect(agent.map((line) => line.text).join(' ')).toBe(long.userAgent);
  });
});
