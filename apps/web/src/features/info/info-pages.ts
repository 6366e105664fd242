import type { ComponentType } from 'react';

export type InfoPageModule = { Component: ComponentType };

export type InfoPageEntry = {
  slug: string;
  /** The page's h1 and document title. */
  title: string;
  /** Shorter wording for the sub-navigation, where space is tight at 360 px. */
  navLabel: string;
  summary: string;
  group: InfoGroup;
  /**
   * Reachable by its address and from the pages that cite it, but left out of the navigation and the
   * index: the draft of the next privacy policy must not read as a second policy (decision 005).
   */
  unlisted?: true;
  /** Each page is its own chunk: the navigation and the index list every page without loading any. */
  load: () => Promise<InfoPageModule>;
};

export const INFO_GROUPS = ['Getting a loan', 'About us', 'Legal'] as const;
export type InfoGroup = (typeof INFO_GROUPS)[number];

/** Every page under /info, in the order the navigation shows them. The slugs are the spec's URLs. */
export const INFO_PAGES: readonly InfoPageEntry[] = [
  {
    slug: 'costs',
    title: 'Costs',
    navLabel: 'Costs',
    summary:
      'How interest is worked out, the FCA price cap that protects you, and our representative example.',
    group: 'Getting a loan',
    load: () => import('./pages/costs'),
  },
  {
    slug: 'comprehensive-loan-guid',
    title: 'Comprehensive loan guide',
    navLabel: 'Loan guide',
    summary:
      'Short-term and instalment loans explained: what they cost, the alternatives, applying, repaying and what happens if you cannot pay.',
    group: 'Getting a loan',
    load: () => import('./pages/comprehensive-loan-guid'),
  },
  {
    slug: 'faqs',
    title: 'Frequently asked questions',
    navLabel: 'FAQs',
    summary: 'Answers about applying, our checks, getting your money and repaying.',
    group: 'Getting a loan',
    load: () => import('./pages/faqs'),
  },
  {
    slug: 'troubleshooting',
    title: 'Troubleshooting',
    navLabel: 'Troubleshooting',
    summary:
      'What to do when a code or e-mail does not arrive, a card check fails or a page will not load, and how to contact us.',
    group: 'Getting a loan',
    load: () => import('./pages/troubleshooting'),
  },
  {
    slug: 'our-commitment',
    title: 'Our commitment',
    navLabel: 'Our commitment',
    summary: 'Who we are, why we are a direct lender and not a broker, and the promises we make to you.',
    group: 'About us',
    load: () => import('./pages/our-commitment'),
  },
  {
    slug: 'responsible-lending',
    title: 'Responsible lending',
    navLabel: 'Responsible lending',
    summary: 'The checks we make before we lend, and the help available if money becomes difficult.',
    group: 'About us',
    load: () => import('./pages/responsible-lending'),
  },
  {
    slug: 'complaints-policy',
    title: 'Complaints policy',
    navLabel: 'Complaints policy',
    summary: 'How to complain, how we handle it, and your right to go to the Financial Ombudsman Service.',
    group: 'About us',
    load: () => import('./pages/complaints-policy'),
  },
  {
    slug: 'ccta-code-of-practice',
    title: 'CCTA code of practice',
    navLabel: 'CCTA code of practice',
    summary: 'The Consumer Credit Trade Association lending code and what it commits us to.',
    group: 'About us',
    load: () => import('./pages/ccta-code-of-practice'),
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    navLabel: 'Privacy policy',
    summary: 'What personal data we collect, why, who we share it with, how long we keep it and your rights.',
    group: 'Legal',
    load: () => import('./pages/privacy-policy'),
  },
  {
    slug: 'privacy-policy-draft',
    title: 'Privacy policy: next version (draft)',
    navLabel: 'Privacy policy (draft)',
    summary:
      'The next version of our privacy policy, published in advance so you can read it before it applies.',
    group: 'Legal',
    unlisted: true,
    load: () => import('./pages/privacy-policy-draft'),
  },
  {
    slug: 'terms-of-use',
    title: 'Terms of use',
    navLabel: 'Terms of use',
    summary: 'The rules for using this website and your online account.',
    group: 'Legal',
    load: () => import('./pages/terms-of-use'),
  },
  {
    slug: 'cookies',
    title: 'Cookies',
    navLabel: 'Cookies',
    summary: 'We use no cookies, only the storage this website needs to work. Here is exactly what it holds.',
    group: 'Legal',
    load: () => import('./pages/cookies'),
  },
];

/** The pages the navigation and the index offer. */
export const LISTED_INFO_PAGES = INFO_PAGES.filter((p) => !p.unlisted);

export const findInfoPage = (slug: string | undefined) => INFO_PAGES.find((p) => p.slug === slug);
