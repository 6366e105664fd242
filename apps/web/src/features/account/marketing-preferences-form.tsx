import type { ContactPreferences } from '@lender/contract/calls/account';
import { useId, useState } from 'react';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { CheckboxField } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { useChangeContactPreference } from './change-contact-preference';
import { changeFailure } from './change-failure';

const loadSchema = () => import('@lender/contract/calls/account').then((m) => m.contactPreferencesSchema);

/** The saved choice in words, so the confirmation says what will happen from now on. */
function savedText({ newsByEmail, newsBySms }: ContactPreferences) {
  const channels = [newsByEmail && 'e-mail', newsBySms && 'SMS'].filter(Boolean).join(' and ');
  return channels
    ? `Your preferences have been saved. We will send you news and offers by ${channels}.`
    : 'Your preferences have been saved. We will not send you news and offers.';
}

/**
 * Marketing consent per channel (docs/decisions/017). Withdrawing is exactly as easy as giving: one
 * untick and one press, with no question in between.
 */
export function MarketingPreferencesForm({ preferences }: { preferences: ContactPreferences }) {
  const headingId = useId();
  const save = useChangeContactPreference();
  const [saved, setSaved] = useState<string | null>(null);
  const failure = useErrorBanner();
  const { form, formProps, summary, busy } = useContractForm<ContactPreferences, ContactPreferences>({
    schema: loadSchema,
    defaultValues: preferences,
    onSubmit: async (choice) => {
      setSaved(null);
      failure.clear();
      await save.mutateAsync(choice);
      setSaved(savedText(choice));
    },
    onError: (err) => {
      failure.fail(changeFailure(err, 'Saving your preferences failed. Please try again.'));
    },
  });
  // A confirmation that no longer matches the boxes would mislead: it goes as soon as one changes.
  const register = (name: keyof ContactPreferences) =>
    form.register(name, { onChange: () => setSaved(null) });

  return (
    <section className="account__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Marketing preferences</h2>
      <form {...formProps} className="form">
        <ErrorSummary summary={summary} />
        <p>
          Tick a box to hear about news and offers that way; untick it to stop. You can change this at any
          time.
        </p>
        <CheckboxField label="News and offers by e-mail">
          {(a11y) => <input {...a11y} type="checkbox" {...register('newsByEmail')} />}
        </CheckboxField>
        <CheckboxField label="News and offers by SMS">
          {(a11y) => <input {...a11y} type="checkbox" {...register('newsBySms')} />}
        </CheckboxField>
        <ErrorBanner {...failure.banner} />
        <div className="form-actions">
          <SubmitButton busy={busy}>Save preferences</SubmitButton>
        </div>
        {/* Always in the page, so what is written into it is announced (politely: focus stays put). */}
        <p className={saved ? 'banner banner--success' : 'visually-hidden'} role="status">
          {saved}
        </p>
      </form>
    </section>
  );
}
