/**
 * Who the lender is, as every page and message names it. The numbers are in Ofcom's range reserved
 * for drama (020 7946 0xxx), so this build can never ring a real person; production sets its own.
 */
export const BRAND = {
  name: 'Kestrel Loans',
  legalName: 'Kestrel Finance Ltd',
  supportPhone: '020 7946 0123',
  priorityLine: '020 7946 0456',
  supportEmail: 'support@kestrelloans.example',
  registeredAddress: '1 Riverside Walk, London SE1 9XX',
  companyNumber: '09999999',
  firmReferenceNumber: '999999',
  hours: {
    applications: 'Credit applications: 24 hours a day, 7 days a week',
    underwriting: 'Underwriting: 09:00 to 21:00, 7 days a week',
    customerCare: 'Customer care: 08:30 to 17:30, Monday to Friday',
  },
  /**
   * Where a customer repays by bank transfer (the schedule page's fixed block, spec section 1). A
   * placeholder account, in the spirit of the drama-range numbers: production sets its own.
   */
  repaymentAccount: {
    bankName: 'Example Bank plc',
    accountName: 'Kestrel Finance Ltd',
    sortCode: '00-00-00',
    accountNumber: '00000000',
  },
  moneyHelperUrl: 'https://www.moneyhelper.org.uk',
  /** The FCA's arrears information sheet: with a notice of sums in arrears (s86B) and before a refinance (CONC 6.7.20R). */
  fcaArrearsSheetUrl: 'https://www.fca.org.uk/publication/consumer-information/arrears-information-sheet.pdf',
  compareLendersUrl: 'https://www.fca.org.uk/consumers/payday-loans',
} as const;

/**
 * Free, impartial debt advice (CONC 7.3: a customer in or near arrears is told where to find it), named
 * the same way by the borrow page and the servicing e-mails.
 */
export const FREE_DEBT_ADVICE = [
  {
    name: 'MoneyHelper',
    site: 'moneyhelper.org.uk',
    url: BRAND.moneyHelperUrl,
    phone: '0800 138 7777',
  },
  {
    name: 'StepChange',
    site: 'stepchange.org',
    url: 'https://www.stepchange.org',
    phone: '0800 138 1111',
  },
  {
    name: 'National Debtline',
    site: 'nationaldebtline.org',
    url: 'https://www.nationaldebtline.org',
    phone: '0808 808 4000',
  },
] as const;

export const telHref = (phone: string) => `tel:+44${phone.replace(/\s+/g, '').replace(/^0/, '')}`;
