import type { AccountDetails } from '@lender/contract/calls/account';
import type { Dictionaries } from '@lender/contract/dictionaries';
import { useState } from 'react';
import { AddressFields } from '../../components/address/address-fields';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { HomeStatusField } from '../../components/form/home-fields';
import { OptionsSelect, toOptions } from '../../components/form/options-select';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { useDictionaries } from '../../lib/api/get-dictionaries';
import { AccountPage } from './account-page';
import { useChangeAddress } from './change-address';
import {
  changeAddressDefaults,
  changeAddressFieldFor,
  toChangeAddressPayload,
  type ChangeAddressParsed,
  type ChangeAddressValues,
} from './change-address-values';
import { changeFailure } from './change-failure';
import { useHeldDetails } from './get-account-details';
import { BackLink, SuccessPanel } from './success-panel';

const loadSchema = () => import('@lender/contract/calls/account').then((m) => m.changeAddressSchema);

/** Said, instead of a success, when the answers sent are those already held (issue 31). */
export const NOTHING_CHANGED = 'You have not changed anything. Your address is as before.';

export function Component() {
  const details = useHeldDetails();
  // The prefilled choices need their options on the page first, or the selects would show none chosen.
  const dictionaries = useDictionaries(['livedInAddress', 'residentalStatus']);
  const [done, setDone] = useState(false);
  return (
    <AccountPage subheading="Change Address">
      {done ? <SuccessPanel heading="Address changed successfully." /> : null}
      {!done && dictionaries.data ? (
        <ChangeAddressForm details={details} lists={dictionaries.data} onDone={() => setDone(true)} />
      ) : null}
      {!done && !dictionaries.data ? <p aria-busy="true">Loading…</p> : null}
    </AccountPage>
  );
}

type FormProps = { details: AccountDetails; lists: Dictionaries; onDone: () => void };

function ChangeAddressForm({ details, lists, onDone }: FormProps) {
  const change = useChangeAddress();
  const failure = useErrorBanner();
  const [unchanged, setUnchanged] = useState(false);
  const [defaults] = useState(() => changeAddressDefaults(details));
  const { form, errorOf, formProps, summary, busy } = useContractForm<
    ChangeAddressValues,
    ChangeAddressParsed
  >({
    schema: loadSchema,
    defaultValues: defaults,
    toPayload: toChangeAddressPayload,
    fieldFor: changeAddressFieldFor,
    onSubmit: async (payload) => {
      failure.clear();
      setUnchanged(false);
      // The held answers, read by the same schema: equal to what would be sent, there is nothing to send.
      const held = (await loadSchema()).safeParse(toChangeAddressPayload(defaults));
      if (held.success && JSON.stringify(held.data) === JSON.stringify(payload)) {
        setUnchanged(true);
        return;
      }
      // The server compares too (it is the authority): the same answers store nothing there either.
      const answer = await change.mutateAsync(payload);
      if (answer.unchanged) setUnchanged(true);
      else onDone();
    },
    onError: (err) => {
      failure.fail(changeFailure(err, 'Changing address failed.'));
    },
  });
  const { register } = form;

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      <p>Tell us when you move, so that letters and documents reach you.</p>
      {/* The address first: the two questions after it are about that home. */}
      <AddressFields form={form} prefix="address" addressLabel="Address" />
      <Field label="How long have you lived there?" error={errorOf('livedInAddressID')}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose"
            options={toOptions(lists.livedInAddress)}
            {...register('livedInAddressID')}
          />
        )}
      </Field>
      <HomeStatusField
        options={lists.residentalStatus}
        error={errorOf('residentalStatusID')}
        registration={register('residentalStatusID')}
      />
      <ErrorBanner {...failure.banner} />
      {/* Always on the page, so that the message is announced when it appears. */}
      <p role="status" className={unchanged ? 'banner' : undefined}>
        {unchanged ? NOTHING_CHANGED : null}
      </p>
      <div className="form-actions">
        <SubmitButton busy={busy}>Change Address</SubmitButton>
        <BackLink />
      </div>
    </form>
  );
}
