import { MIN_LIVED_IN_ADDRESS } from '@lender/contract/constants';
import { useEffect, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { AddressFields } from '../address/address-fields';
import { Field } from './field';
import { OptionsSelect, toOptions } from './options-select';

/** Spec section 5: the previous address is asked for, and required, only this soon after moving in. */
export const needsPreviousAddress = (livedInAddressID: string) =>
  livedInAddressID !== '' && Number(livedInAddressID) <= MIN_LIVED_IN_ADDRESS;

type Entry = { id: number; name: string };

/** Stage 3's model calls it liveInAddressID, the repeat loan's livedInAddressID (spec section 3). */
type LivedField = 'liveInAddressID' | 'livedInAddressID';

type Props<L extends LivedField> = {
  /** A form holding these answers as strings and `previousAddress`: stage 3's and the repeat loan's. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AddressFields: any form with these names
  form: UseFormReturn<any>;
  lists: { residentalStatus?: Entry[]; livedInAddress?: Entry[] } | undefined;
  errorOf: (path: 'residentalStatusID' | L) => string | undefined;
  livedField: L;
};

/**
 * The home question (the spec's 'Do you own the home?', decision 037): one select on stage 3, the repeat
 * loan and Change Address, its answers from the `residentalStatus` dictionary.
 */
export function HomeStatusField({
  options,
  error,
  registration,
}: {
  options: Entry[] | undefined;
  error: string | undefined;
  registration: ReturnType<UseFormReturn['register']>;
}) {
  return (
    <Field label="Do you own the home?" error={error}>
      {(a11y) => (
        <OptionsSelect {...a11y} placeholder="Choose" options={toOptions(options)} {...registration} />
      )}
    </Field>
  );
}

/** Home status, how long at the address, and the previous address when that is a short time. */
export function HomeFields<L extends LivedField>({ form, lists, errorOf, livedField }: Props<L>) {
  const headingId = useId();
  const { register, watch, clearErrors } = form;
  const showPrevious = needsPreviousAddress(String(watch(livedField) ?? ''));

  // A block that is no longer asked for takes its messages with it (the summary would link to nothing).
  useEffect(() => {
    if (!showPrevious) clearErrors('previousAddress');
  }, [showPrevious, clearErrors]);

  return (
    <>
      <HomeStatusField
        options={lists?.residentalStatus}
        error={errorOf('residentalStatusID')}
        registration={register('residentalStatusID')}
      />
      <Field label="How long have you lived there?" error={errorOf(livedField)}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose"
            options={toOptions(lists?.livedInAddress)}
            {...register(livedField)}
          />
        )}
      </Field>
      {showPrevious ? (
        <section className="previous-address" aria-labelledby={headingId}>
          <h3 id={headingId}>Your previous address</h3>
          <p className="field__hint">We also need the address you lived at before this one.</p>
          <AddressFields
            form={form}
            prefix="previousAddress"
            addressLabel="Previous address"
            autofill="off"
          />
        </section>
      ) : null}
    </>
  );
}
