import { FIELD_LENGTH } from '@lender/contract/constants';
import type { LookupAddress } from '@lender/contract/rules/address';
import { fromLookup } from '@lender/contract/rules/address-lookup';
import { useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { findAddresses, retrieveAddress } from '../../lib/api/find-address';
import { ApiCallError } from '../../lib/api-client';
import { Field } from '../form/field';

export type AddressValues = {
  autoAddress: boolean;
  postCode: string;
  county: string;
  town: string;
  street: string;
  building: string;
  houseNumber: string;
  flatNo: string;
  address: string;
};

export const emptyAddress: AddressValues = {
  autoAddress: true,
  postCode: '',
  county: '',
  town: '',
  street: '',
  building: '',
  houseNumber: '',
  flatNo: '',
  address: '',
};

const FILLED = ['county', 'town', 'street', 'building', 'houseNumber', 'flatNo', 'address'] as const;

type Props = {
  // The block works inside any form whose values include the address fields at the top level.
  form: UseFormReturn<AddressValues & Record<string, unknown>>;
  /** Label of the picked address in auto mode, e.g. 'Current address'. */
  addressLabel?: string;
};

/**
 * Address in auto mode (postcode search, pick an address, read-only result) or manual mode, toggled by
 * '+Manual Addr.' / '+Auto Addr.'. Closing the search without a pick clears what a pick would fill.
 */
export function AddressFields({ form, addressLabel = 'Current address' }: Props) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors as FieldErrors<AddressValues>;
  const auto = watch('autoAddress');
  const [results, setResults] = useState<LookupAddress[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);

  const clearPicked = () => FILLED.forEach((f) => setValue(f, '', { shouldValidate: formState.isSubmitted }));

  const search = async () => {
    setSearchError(null);
    const postCode = String(form.getValues('postCode') ?? '').trim();
    if (!postCode) return setSearchError('Please enter your post code');
    try {
      const found = await findAddresses(postCode);
      setResults(found);
      if (found.length === 0)
        setSearchError(
          'We could not find any addresses at that post code. Check it, or enter your address manually.',
        );
    } catch (err) {
      setResults(null);
      setSearchError(
        err instanceof ApiCallError && err.status === 400
          ? 'Please enter a valid post code'
          : 'Address search is unavailable, please enter your address manually.',
      );
    }
  };

  const pick = async (id: string) => {
    const summary = results?.find((r) => r.Id === id);
    if (!summary) return;
    const full = summary.PostalCode ? summary : (await retrieveAddress(id))[0];
    if (!full) return;
    for (const [k, v] of Object.entries(fromLookup(full))) {
      setValue(k as keyof AddressValues, v, { shouldValidate: formState.isSubmitted });
    }
    setResults(null);
  };

  const closeSearch = () => {
    setResults(null);
    clearPicked();
  };

  const toggle = () => {
    setValue('autoAddress', !auto);
    setResults(null);
    setSearchError(null);
  };

  return (
    <div className="address-fields">
      <Field label="Post code" error={errors.postCode?.message ?? searchError ?? undefined}>
        {(a11y) => (
          <div className="inline-fields">
            <input
              {...a11y}
              className="input input--short"
              autoComplete="postal-code"
              maxLength={FIELD_LENGTH.postCode}
              {...register('postCode')}
            />
            {auto ? (
              <button type="button" className="button button--secondary" onClick={() => void search()}>
                Find address
              </button>
            ) : null}
          </div>
        )}
      </Field>
      {auto && results && results.length > 0 ? (
        <Field label="Select your address">
          {(a11y) => (
            <div>
              <select
                {...a11y}
                className="select"
                defaultValue=""
                onChange={(e) => void pick(e.target.value)}
              >
                <option value="" disabled>
                  {results.length} addresses found
                </option>
                {results.map((r) => (
                  <option key={r.Id} value={r.Id}>
                    {r.Label}
                  </option>
                ))}
              </select>
              <button type="button" className="link-button" onClick={closeSearch}>
                Close the search
              </button>
            </div>
          )}
        </Field>
      ) : null}
      {auto ? (
        <Field label={addressLabel} error={errors.address?.message}>
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              readOnly
              placeholder="Search by post code above"
              {...register('address')}
            />
          )}
        </Field>
      ) : (
        <>
          <Field label="Flat number" error={errors.flatNo?.message}>
            {(a11y) => (
              <input
                {...a11y}
                className="input input--short"
                maxLength={FIELD_LENGTH.flatNo}
                {...register('flatNo')}
              />
            )}
          </Field>
          <Field label="Building name" error={errors.building?.message}>
            {(a11y) => (
              <input
                {...a11y}
                className="input"
                maxLength={FIELD_LENGTH.building}
                {...register('building')}
              />
            )}
          </Field>
          <Field label="House number" error={errors.houseNumber?.message}>
            {(a11y) => (
              <input
                {...a11y}
                className="input input--short"
                maxLength={FIELD_LENGTH.houseNumber}
                {...register('houseNumber')}
              />
            )}
          </Field>
          <Field label="Street" error={errors.street?.message}>
            {(a11y) => (
              <input
                {...a11y}
                className="input"
                autoComplete="address-line1"
                maxLength={FIELD_LENGTH.street}
                {...register('street')}
              />
            )}
          </Field>
          <Field label="Town/City" error={errors.town?.message}>
            {(a11y) => (
              <input
                {...a11y}
                className="input"
                autoComplete="address-level2"
                maxLength={FIELD_LENGTH.town}
                {...register('town')}
              />
            )}
          </Field>
          <Field label="County" error={errors.county?.message}>
            {(a11y) => (
              <input {...a11y} className="input" maxLength={FIELD_LENGTH.county} {...register('county')} />
            )}
          </Field>
          <Field label="Country">
            {(a11y) => <input {...a11y} className="input" value="United Kingdom" readOnly />}
          </Field>
        </>
      )}
      <p>
        <button type="button" className="link-button" onClick={toggle}>
          {auto ? '+Manual Addr.' : '+Auto Addr.'}
        </button>
      </p>
    </div>
  );
}
