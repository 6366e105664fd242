import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api-client';
import { ErrorSummary } from './error-summary';
import { CheckboxField, ChoiceGroup, Field } from './field';
import { SubmitButton } from './submit-button';
import { useContractForm } from './use-contract-form';
import { Page } from '../page';

// Keys in the opposite order to the page: zod reports 'surname' first, the page shows 'first' first.
const schema = z.object({
  surname: z.string().trim().min(1, { error: 'Please enter your surename.' }),
  first: z.string().trim().min(1, { error: 'Please enter your first name.' }),
  mobile: z.string().transform((v) => v.replace(/\s+/g, '')),
  newsFromUs: z.boolean().default(false),
});
type Payload = z.output<typeof schema>;
type Values = { first: string; surname: string; mobile: string };

type Props = {
  onSubmit: (p: Payload) => unknown;
  onError?: (err: unknown) => void;
  withSummary?: boolean;
  fieldFor?: (path: string) => string;
  clearOnFailure?: (keyof Values)[];
};

function TestForm({ onSubmit, onError, withSummary = true, fieldFor, clearOnFailure }: Props) {
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, Payload>({
    schema: async () => schema,
    defaultValues: { first: '', surname: '', mobile: '' },
    onSubmit,
    onError,
    fieldFor,
    clearOnFailure,
  });
  return (
    <form {...formProps}>
      {withSummary ? <ErrorSummary summary={summary} /> : null}
      <Field label="First name" error={errorOf('first')}>
        {(a11y) => <input {...a11y} {...form.register('first')} />}
      </Field>
      <Field label="Surname" error={errorOf('surname')}>
        {(a11y) => <input {...a11y} {...form.register('surname')} />}
      </Field>
      <Field label="Mobile" error={errorOf('mobile')}>
        {(a11y) => <input {...a11y} {...form.register('mobile')} />}
      </Field>
      <SubmitButton busy={busy}>Next</SubmitButton>
    </form>
  );
}

const fill = async (first: string, surname: string, mobile = '07111 111111') => {
  if (first) await userEvent.type(screen.getByLabelText('First name'), first);
  if (surname) await userEvent.type(screen.getByLabelText('Surname'), surname);
  await userEvent.type(screen.getByLabelText('Mobile'), mobile);
};

const badRequest = (fields: Record<string, string>) =>
  new ApiCallError({ errorID: 400, errorMessage: 'Bad request' }, 400, { fields });

describe('useContractForm', () => {
  it("hands onSubmit the schema's parsed payload: trimmed, transformed, defaults filled", async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await fill('  Ann ', 'Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      first: 'Ann',
      surname: 'Smith',
      mobile: '07111111111',
      newsFromUs: false,
    });
  });

  it('lists the messages in page order in a focused summary titled "There is a problem"', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const links = summary.querySelectorAll('a');
    // Each line names its field, then gives the message in the schema's words (decision 037); a message
    // that names its field already is not led by the name again.
    expect([...links].map((a) => a.textContent)).toEqual([
      'Please enter your first name.',
      'Surname: Please enter your surename.',
    ]);
    expect(document.activeElement).toBe(summary);
    expect(onSubmit).not.toHaveBeenCalled();
    // The inline messages stay as the schema words them, read with their inputs.
    expect(screen.getByLabelText('Surname').getAttribute('aria-invalid')).toBe('true');
    const described = screen.getByLabelText('Surname').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Error: Please enter your surename.');
  });

  it('moves focus to a field from its summary link', async () => {
    render(<TestForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Surname: Please enter your surename.' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Surname'));
  });

  it('drops a fixed field from the summary and hides the summary once nothing is wrong', async () => {
    render(<TestForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText('First name'), 'Ann');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Please enter your first name.' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Surname: Please enter your surename.' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Surname'), 'Smith');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('focuses the first invalid field in page order when the form shows no summary', async () => {
    render(<TestForm onSubmit={vi.fn()} withSummary={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
  });

  it("shows a 400 answer's field messages on their fields, mapped from payload paths", async () => {
    const onSubmit = vi.fn().mockRejectedValue(badRequest({ lastName: 'Please enter your surename.' }));
    const fieldFor = (path: string) => (path === 'lastName' ? 'surname' : path);
    render(<TestForm onSubmit={onSubmit} fieldFor={fieldFor} />);
    await fill('Ann', 'Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('Please enter your surename.');
    expect(screen.getByLabelText('Surname').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(summary);
  });

  it('keeps a server message for a field the form does not show, as text without a link', async () => {
    const onSubmit = vi.fn().mockRejectedValue(badRequest({ duration: 'Please enter instalment.' }));
    render(<TestForm onSubmit={onSubmit} />);
    await fill('Ann', 'Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please enter instalment.');
    expect(summary.querySelectorAll('a')).toHaveLength(0);
  });

  it('passes any other failure to onError and shows nothing on the form', async () => {
    const failure = new ApiCallError({ errorID: 204, errorMessage: '' }, 200);
    const onError = vi.fn();
    render(<TestForm onSubmit={vi.fn().mockRejectedValue(failure)} onError={onError} />);
    await fill('Ann', 'Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('empties the fields named in clearOnFailure when the send fails, and keeps the rest', async () => {
    const failure = new ApiCallError({ errorID: 212, errorMessage: 'Declined' }, 200);
    render(
      <TestForm
        onSubmit={vi.fn().mockRejectedValue(failure)}
        onError={vi.fn()}
        clearOnFailure={['mobile']}
      />,
    );
    await fill('Ann', 'Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Mobile').value).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ann');
  });

  it('marks the submit busy while sending and ignores a second press', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm onSubmit={onSubmit} />);
    await fill('Ann', 'Smith');
    const button = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    await userEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
  });
});

describe('the page title while a form shows errors', () => {
  it("starts with 'Error: ' from a failed submit until the messages are gone", async () => {
    render(
      <Page heading="Your details">
        <TestForm onSubmit={() => undefined} />
      </Page>,
    );
    await waitFor(() => expect(document.title).toBe('Your details | Kestrel Loans'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.title).toBe('Error: Your details | Kestrel Loans'));
    await fill('Ann', 'Lee');
    await waitFor(() => expect(document.title).toBe('Your details | Kestrel Loans'));
  });
});

/** A form with a second action (as the lead page's Calculate) that checks the first name alone. */
function PartForm({ action }: { action: (values: Values) => unknown }) {
  const { form, errorOf, formProps, summary, busy, submitFields } = useContractForm<Values, Payload>({
    schema: async () => schema,
    defaultValues: { first: '', surname: '', mobile: '' },
    onSubmit: vi.fn(),
  });
  return (
    <form {...formProps}>
      <ErrorSummary summary={summary} />
      <Field label="First name" error={errorOf('first')}>
        {(a11y) => <input {...a11y} {...form.register('first')} />}
      </Field>
      <Field label="Surname" error={errorOf('surname')}>
        {(a11y) => <input {...a11y} {...form.register('surname')} />}
      </Field>
      <button type="button" onClick={() => void submitFields(['first'], action)}>
        Calculate
      </button>
      <SubmitButton busy={busy}>Next</SubmitButton>
    </form>
  );
}

describe('submitFields, a second action of the form', () => {
  it('checks only the fields named, in a focused summary, and runs nothing while they fail', async () => {
    const action = vi.fn();
    render(<PartForm action={action} />);
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Please enter your first name.',
    ]);
    expect(document.activeElement).toBe(summary);
    expect(action).not.toHaveBeenCalled();
  });

  it("runs the action with the form's values once they pass, and puts a 400's messages on their fields", async () => {
    const action = vi.fn(async () => {
      throw badRequest({ first: 'Not this name.' });
    });
    render(<PartForm action={action} />);
    await userEvent.type(screen.getByLabelText('First name'), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    await waitFor(() => expect(action).toHaveBeenCalledWith({ first: 'Ann', surname: '', mobile: '' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('Not this name.');
    expect(summary.textContent).not.toContain('Please enter your surename.');
  });
});

// Issue 31: the spec's 'This field is required.' says nothing of its field; the summary line must.
const choices = z.object({
  fast: z.enum(['yes', 'no'], { error: 'This field is required.' }),
  agree: z.boolean().refine((v) => v, { error: 'This field is required.' }),
  late: z.string().min(1, { error: 'This field is required.' }),
});

function ChoicesForm() {
  const { form, errorOf, formProps, summary } = useContractForm<
    { fast: string; agree: boolean; late: string },
    z.output<typeof choices>
  >({
    schema: async () => choices,
    defaultValues: { fast: '', agree: false, late: '' },
    onSubmit: vi.fn(),
  });
  return (
    <form {...formProps}>
      <ErrorSummary summary={summary} />
      <ChoiceGroup legend="Do you want it fast?" error={errorOf('fast')}>
        {['yes', 'no'].map((v) => (
          <label key={v}>
            <input type="radio" id={`fast-${v}`} value={v} {...form.register('fast')} />
            {v}
          </label>
        ))}
      </ChoiceGroup>
      <CheckboxField
        error={errorOf('agree')}
        summaryName="Agreement"
        label="I agree to a long declaration that no summary line should repeat in full"
      >
        {(a11y) => <input {...a11y} type="checkbox" {...form.register('agree')} />}
      </CheckboxField>
      <Field label="Late field" error={errorOf('late')}>
        {(a11y) => <input {...a11y} {...form.register('late')} />}
      </Field>
      <SubmitButton busy={false}>Next</SubmitButton>
    </form>
  );
}

describe('the error summary names the field of every line', () => {
  it('by the legend of a radio group, the name given to a tick box, and the label of an input', async () => {
    render(<ChoicesForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const lines = [...summary.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual([
      'Do you want it fast? This field is required.',
      'Agreement: This field is required.',
      'Late field: This field is required.',
    ]);
    // The field itself keeps the spec's words, read with the control.
    expect(screen.getByLabelText(/^I agree to a long declaration/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('link', { name: 'Agreement: This field is required.' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^I agree to a long declaration/));
  });
});
