import { BRAND, telHref } from '@lender/contract/brand';
import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query';
import {
  AGREEMENTS,
  answerWith,
  defaultAnswers,
  GUID,
  refusal,
  renderEsign,
  where,
  type Answers,
} from '../../../testing/esign';
import { summaryMessages } from '../../../testing/error-summary';

let answers: Answers;
let calls: ReturnType<typeof answerWith>;

beforeEach(() => {
  answers = defaultAnswers();
});
afterEach(() => queryClient.clear());

async function openPage() {
  calls = answerWith(answers);
  renderEsign();
  await screen.findByRole('button', { name: 'Let’s Proceed' });
  return userEvent.setup();
}

const proceed = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Let’s Proceed' }));
const summaryLines = async () => {
  const summary = await screen.findByRole('alert', { name: 'There is a problem' });
  return summaryMessages(summary);
};
const termsBox = () => screen.getByRole('checkbox', { name: /^I confirm that I have read the pre-contract/ });
const infoBox = () => screen.getByRole('checkbox', { name: /^I confirm that the financial information/ });

async function fillIn(user: UserEvent, code: string) {
  await user.type(screen.getByLabelText('SMS code'), code);
  await user.click(termsBox());
  await user.click(infoBox());
}

describe('E-sign, the agreements', () => {
  // The cleaning itself (DOMPurify) is tried in Chromium, e2e/tests/esign.spec.ts: happy-dom's NodeIterator
  // loses its place when the node it stands on is removed, so DOMPurify there stops at the first removal.
  it('opens each document in a modal dialog with its title and closes it back to its button', async () => {
    const user = await openPage();
    expect(screen.queryByRole('dialog')).toBeNull();
    const titles = {
      'Loan Agreemant': 'Loan agreement',
      'Adequate Explanation': 'Adequate explanation',
      PCCI: 'Pre-contract credit information',
    };
    for (const [title, heading] of Object.entries(titles)) {
      const opener = screen.getByRole('button', { name: title });
      await user.click(opener);
      const dialog = screen.getByRole('dialog', { name: title });
      expect(dialog.textContent).toContain(heading);
      // The body takes focus, so the arrow keys scroll the document at once.
      expect(document.activeElement).toBe(within(dialog).getByRole('region', { name: title }));
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
    }
  });

  it('shows the account the loan is paid into, masked, beside the agreements (issue 45)', async () => {
    await openPage();
    const panel = screen.getByRole('region', { name: 'Where we pay your loan' });
    expect(within(panel).getByText('12-34-56')).toBeTruthy();
    expect(within(panel).getByText('****6819')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: BRAND.supportPhone }).getAttribute('href')).toBe(
      telHref(BRAND.supportPhone),
    );
  });

  it('shows no payout panel before bank details are given', async () => {
    answers.getEsign = () => ({ ...AGREEMENTS, payoutAccount: null });
    await openPage();
    expect(screen.queryByRole('region', { name: 'Where we pay your loan' })).toBeNull();
  });

  it('sends a link that no longer opens e-sign to the e-sign error page', async () => {
    answers.getEsign = () => {
      throw refusal(ErrorId.esignClosed, 'This link no longer opens your agreement.');
    };
    calls = answerWith(answers);
    renderEsign();
    expect(await where()).toBe('/error?esign=true');
  });

  it.each([
    [ErrorId.esignAlreadySigned, 'Your loan agreement is signed', 'What happens next'],
    [ErrorId.esignDeclined, 'We cannot lend to you this time', 'nothing is owed'],
    [ErrorId.signingLinkExpired, 'This signing link has expired', 'A signing link lasts 14 days'],
  ])(
    'says what became of the application of errorID %i where the link opened, and leads to sign-in',
    async (id, heading, words) => {
      answers.getEsign = () => {
        throw refusal(id, 'The server words it.');
      };
      calls = answerWith(answers);
      renderEsign();
      expect((await screen.findByRole('heading', { level: 1, name: heading })).textContent).toBe(heading);
      expect(document.body.textContent).toContain(words);
      // It stays on the link's page: not the e-sign error page, which asks to press this same link.
      expect(screen.queryByTestId('where')).toBeNull();
      if (id !== ErrorId.esignDeclined) {
        expect(screen.getByRole('link', { name: 'Sign in to your account' }).getAttribute('href')).toBe(
          '/login',
        );
      } else {
        // A declined applicant is offered a call, dialled from the phone as every number of the site is.
        expect(screen.getByRole('link', { name: BRAND.supportPhone }).getAttribute('href')).toBe(
          telHref(BRAND.supportPhone),
        );
        expect(telHref(BRAND.supportPhone)).toMatch(/^tel:\+44\d{10}$/);
      }
    },
  );
});

describe('E-sign, signing', () => {
  it("asks for what is missing in the spec's words, and says 'Please fill the missing information'", async () => {
    const user = await openPage();
    expect(screen.queryByText('Please fill the missing information')).toBeNull();
    await proceed(user);
    expect(await summaryLines()).toEqual([Msg.smsCode, Msg.required, Msg.required]);
    expect(screen.getByText('Please fill the missing information')).toBeTruthy();
    expect(screen.getByLabelText('SMS code').getAttribute('aria-invalid')).toBe('true');
    expect(termsBox().getAttribute('aria-invalid')).toBe('true');
    expect(calls.submitStage5).not.toHaveBeenCalled();

    await fillIn(user, '123456');
    expect(screen.queryByText('Please fill the missing information')).toBeNull();
  });

  it('signs with the code, both declarations and the guid, then shows the success page', async () => {
    const user = await openPage();
    await fillIn(user, ' 123456 ');
    await proceed(user);
    expect(await where()).toBe('/loan/success');
    expect(calls.submitStage5).toHaveBeenCalledExactlyOnceWith({
      smsCode: '123456',
      termsAccepted: true,
      understodInfo: true,
      guid: GUID,
    });
  });

  it("shows 'Not Valid SMS Code' on the code field for a wrong code, and not the missing-information line", async () => {
    answers.submitStage5 = () => {
      throw refusal(ErrorId.invalidSmsCode, 'Not Valid SMS Code');
    };
    const user = await openPage();
    await fillIn(user, '000000');
    await proceed(user);

    expect(await summaryLines()).toEqual(['Not Valid SMS Code']);
    const code = screen.getByLabelText('SMS code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    const described = code
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((el) => el?.textContent)).toContain('Error: Not Valid SMS Code');
    expect(screen.queryByText('Please fill the missing information')).toBeNull();
    // The summary is the only alert: the server said nothing more than the field does.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(code).toHaveProperty('value', '000000');
  });

  it('adds what the server says when the code expired or was tried too often', async () => {
    const expired = 'The code has expired. Please ask for a new SMS code.';
    answers.submitStage5 = () => {
      throw refusal(ErrorId.invalidSmsCode, expired);
    };
    const user = await openPage();
    await fillIn(user, '123456');
    await proceed(user);
    expect(await summaryLines()).toEqual(['Not Valid SMS Code']);
    expect(screen.getByText(expired).classList.contains('banner--error')).toBe(true);
  });

  it("shows the server's message when the e-mail is not confirmed yet", async () => {
    const message = 'Please confirm your e-mail address first: press the link in the e-mail we sent you.';
    answers.submitStage5 = () => {
      throw refusal(ErrorId.emailNotVerified, message);
    };
    const user = await openPage();
    await fillIn(user, '123456');
    await proceed(user);
    const banner = await screen.findByText(message);
    expect(banner.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(banner);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('reloads the agreements when they changed overnight and asks for them to be read again', async () => {
    const message = 'Your agreement has been updated for today. Please read it again before you sign.';
    let version = 0;
    answers.getEsign = () => {
      version++;
      return { ...AGREEMENTS, contract3: `<h2>Loan agreement</h2><p>Version ${version}</p>` };
    };
    answers.submitStage5 = () => {
      throw refusal(ErrorId.agreementChanged, message);
    };
    const user = await openPage();
    await fillIn(user, '123456');
    await proceed(user);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(calls.getEsign).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('button', { name: 'Loan Agreemant' }));
    const dialog = screen.getByRole('dialog', { name: 'Loan Agreemant' });
    await waitFor(() => expect(dialog.textContent).toContain('Version 2'));
  });

  it('sends a signature on a closed application to the e-sign error page', async () => {
    answers.submitStage5 = () => {
      throw refusal(ErrorId.esignClosed, 'This application is not waiting for a signature.');
    };
    const user = await openPage();
    await fillIn(user, '123456');
    await proceed(user);
    expect(await where()).toBe('/error?esign=true');
  });
});
