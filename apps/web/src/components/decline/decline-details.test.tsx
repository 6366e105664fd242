import { ErrorId } from '@lender/contract/error-ids';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '../../lib/api-client';
import { agencyOfDecline, DeclineDetails } from './decline-details';

afterEach(cleanup);

const AGENCY = {
  name: 'Kestrel Sandbox Credit Reference Ltd',
  postalAddress: ['Sandbox Credit Reference', 'PO Box 4700', 'Nottingham', 'NG80 1ZZ'],
  phone: '0115 496 0470',
  web: 'https://www.sandbox-credit-reference.example/statutory-report',
};
const declined = (object: unknown) =>
  new ApiCallError({ errorID: ErrorId.declined, errorMessage: 'declined' }, 200, object);

describe('a decline page after the thank-you (issue 47)', () => {
  it('names the agency whose information counted, how to reach it, and that the file is free', () => {
    render(<DeclineDetails agency={agencyOfDecline(declined({ creditReferenceAgency: AGENCY }))} />);
    expect(
      screen.getByText(/Information from a credit reference agency counted in this decision/),
    ).toBeTruthy();
    expect(screen.getByText(/free of charge/)).toBeTruthy();
    const address = document.querySelector('address')!;
    expect(address.textContent).toContain('Kestrel Sandbox Credit Reference Ltd');
    expect(address.textContent).toContain('PO Box 4700');
    expect(screen.getByRole('link', { name: '0115 496 0470' }).getAttribute('href')).toBe('tel:01154960470');
    expect(screen.getByRole('link', { name: /sandbox-credit-reference\.example/ }).getAttribute('href')).toBe(
      AGENCY.web,
    );
  });

  it('names no agency when our own rules declined it, and always offers a person to review it', () => {
    expect(agencyOfDecline(declined({ creditReferenceAgency: null }))).toBeNull();
    expect(agencyOfDecline(declined(null))).toBeNull();
    expect(agencyOfDecline(declined({ creditReferenceAgency: { name: 'x' } }))).toBeNull();
    expect(agencyOfDecline(new Error('network'))).toBeNull();
    render(<DeclineDetails agency={null} />);
    expect(screen.queryByText(/credit reference agency/)).toBeNull();
    expect(screen.getByText(/You can ask for a person to review it/)).toBeTruthy();
  });
});
