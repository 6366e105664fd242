import { BRAND } from '@lender/contract/brand';
import { formatPence } from '@lender/contract/money';
import { formatApr, formatRate } from '@lender/contract/pricing/format';
import {
  representativeExamples,
  type RepresentativeExample,
} from '@lender/contract/pricing/representative-example';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TRACKING_KEYS } from '../../lib/session';
import { Component as FaqTopicPage } from './faq-topic-page';
import { FAQ_TOPICS } from './faq-topics';
import { Component as InfoIndexPage } from './info-index-page';
import { Component as InfoLayout } from './info-layout';
import { Component as InfoPage } from './info-page';
import { findInfoPage, INFO_PAGES } from './info-pages';

const SLUGS = [
  'our-commitment',
  'costs',
  'troubleshooting',
  'faqs',
  'privacy-policy',
  'privacy-policy-draft',
  'terms-of-use',
  'complaints-policy',
  'responsible-lending',
  'ccta-code-of-practice',
  'cookies',
  'comprehensive-loan-guid',
];

/** The info routes as apps/web/src/app/routes.tsx declares them, plus a stand-in not-found page. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/info" element={<InfoLayout />}>
          <Route index element={<InfoIndexPage />} />
          <Route path=":page" element={<InfoPage />} />
          <Route path="faqs/:topic" element={<FaqTopicPage />} />
        </Route>
        <Route path="/not-found" element={<h1>Page not found</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

// The first render of each page waits for its lazy chunk, which vitest transforms on demand.
const slow = { timeout: 5000 };

describe('information area', () => {
  it('has exactly the slugs of the spec', () => {
    expect(INFO_PAGES.map((p) => p.slug).sort()).toEqual([...SLUGS].sort());
  });

  it.each(INFO_PAGES.map((p) => [p.slug, p.title]))(
    'renders /info/%s with the heading "%s"',
    async (slug, title) => {
      renderAt(`/info/${slug}`);
      const h1 = await screen.findByRole('heading', { level: 1, name: title }, slow);
      expect(h1).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      // Beside the page and, folded, after it: the stylesheet displays one of them (e2e checks which).
      const navs = screen.getAllByRole('navigation', { name: 'Information' });
      expect(navs).toHaveLength(2);
      for (const nav of navs) {
        const current = within(nav).queryByRole('link', { current: 'page' });
        if (findInfoPage(slug)?.unlisted) expect(current).toBeNull();
        else expect(current?.getAttribute('href')).toBe(`/info/${slug}`);
      }
    },
  );

  it('puts the page before the folded navigation, and the draft privacy policy in no navigation', async () => {
    renderAt('/info/costs');
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Costs' }, slow);
    const folded = screen.getByText('More information pages').closest('details')!;
    expect(folded.open).toBe(false);
    expect(h1.compareDocumentPosition(folded) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const nav of screen.getAllByRole('navigation', { name: 'Information' })) {
      expect(within(nav).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
        '/info/privacy-policy',
      );
      expect(within(nav).queryByRole('link', { name: /draft/i })).toBeNull();
    }
  });

  it('links the draft privacy policy from the policy in effect, which keeps its own title', async () => {
    renderAt('/info/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, slow);
    expect(document.title).toBe(`Privacy policy | ${BRAND.name}`);
    const draft = screen.getByRole('link', { name: 'read the draft of the next version' });
    expect(draft.getAttribute('href')).toBe('/info/privacy-policy-draft');
  });

  it('renders the index with a link to every listed page', async () => {
    renderAt('/info');
    await screen.findByRole('heading', { level: 1, name: 'Information' }, slow);
    const main = screen.getByRole('heading', { level: 1 }).closest('.page') as HTMLElement;
    for (const p of INFO_PAGES) {
      const link = within(main).queryByRole('link', { name: p.title });
      if (p.unlisted) expect(link).toBeNull();
      else expect(link?.getAttribute('href')).toBe(`/info/${p.slug}`);
    }
  });

  it('sends an unknown page to /not-found', async () => {
    renderAt('/info/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, slow)).toBeTruthy();
  });

  it("shows the representative example with the pricing engine's figures for both rates", async () => {
    renderAt('/info/costs');
    const table = await screen.findByRole('table', { name: /Representative example/ }, slow);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    // Computed here by the engine itself, not through the build-time module the page reads.
    const { standard, provider } = representativeExamples();
    const cells = (show: (e: RepresentativeExample) => string) => `${show(standard)}${show(provider)}`;
    expect(table.querySelector('caption')?.textContent).toBe(
      `Representative example: credit of £${standard.principalPence / 100} over ${standard.termDays} days, ` +
        `repaid in ${standard.instalmentsPence.length} instalments`,
    );
    expect(rows).toEqual([
      'FigureNormalVisitors arriving via a provider',
      `Interest${cells((e) => formatPence(e.totalInterestPence))}`,
      `Total payable${cells((e) => formatPence(e.totalRepayablePence))}`,
      // One amount when every instalment is the same, otherwise each of them.
      `Instalment${cells((e) => ([...new Set(e.instalmentsPence.map(formatPence))].length === 1 ? formatPence(e.instalmentsPence[0]!) : e.instalmentsPence.map(formatPence).join('')))}`,
      `Fixed rate per year${cells((e) => formatRate(e.annualRatePercent))}`,
      `Rate per day${cells((e) => formatRate(e.dailyRatePercent))}`,
      `Representative APR${cells((e) => formatApr(e.aprPercent))}`,
    ]);
    expect(rows[4]).toBe('Fixed rate per year292%219%');
    expect(rows[5]).toBe('Rate per day0.8%0.6%');
  });

  it('gives the contact details in the section the header links to', async () => {
    renderAt('/info/troubleshooting#contact');
    const contact = await screen.findByRole('region', { name: 'Contact us' }, slow);
    expect(contact.id).toBe('contact');
    expect(within(contact).getByRole('link', { name: BRAND.supportPhone })).toBeTruthy();
    expect(within(contact).getByRole('link', { name: BRAND.supportEmail })).toBeTruthy();
    expect(contact.textContent).toContain(BRAND.hours.customerCare);
    expect(contact.textContent).toContain('06:00 to 21:00, 7 days a week');
  });

  it('lists the four FAQ topics', async () => {
    renderAt('/info/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }, slow);
    for (const t of FAQ_TOPICS) {
      expect(screen.getByRole('link', { name: t.title }).getAttribute('href')).toBe(`/info/faqs/${t.slug}`);
    }
  });

  it.each(FAQ_TOPICS.map((t) => [t.slug, t.title]))('renders /info/faqs/%s', async (slug, title) => {
    renderAt(`/info/faqs/${slug}`);
    await screen.findByRole('heading', { level: 1, name: title }, slow);
    const questions = screen.getAllByRole('heading', { level: 2 }).length - 1; // less 'More questions'
    expect(questions).toBeGreaterThanOrEqual(5);
    expect(questions).toBeLessThanOrEqual(8);
  });

  it('sends an unknown FAQ topic to /not-found', async () => {
    renderAt('/info/faqs/no-such-topic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, slow)).toBeTruthy();
  });

  it('names every item the site keeps in session storage on the cookies page', async () => {
    renderAt('/info/cookies');
    const table = await screen.findByRole('table', { name: /stores in your browser/ }, slow);
    for (const key of TRACKING_KEYS) expect(table.textContent).toContain(key);
  });
});
