import { emptyAddressParts, type AddressPart } from '@lender/contract/address-parts';
import { FIELD_LENGTH } from '@lender/contract/constants';
import type { LookupAddress } from '@lender/contract/rules/address';
import { fromLookup } from '@lender/contract/rules/address-lookup';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { get, type UseFormReturn } from 'react-hook-form';
import { findAddresses, retrieveAddress } from '../../lib/api/find-address';
import { ApiCallError } from '../../lib/api-client';
import { Field } from '../form/field';
import { AddressResults, foundText } from './address-results';

/** The address parts, whether the address was picked from the lookup, and the lookup's one-line label. */
export type AddressValues = Record<AddressPart, string> & { autoAddress: boolean; address: string };

export const emptyAddress: AddressValues = { ...emptyAddressParts(), autoAddress: true, address: '' };

const FILLED = ['county', 'town', 'street', 'building', 'houseNumber', 'flatNo', 'address'] as const;

type Props = {
  // The block works inside any form whose values include the address fields, at the top level or under
  // `prefix` ('previousAddress', 'address' for a card's billing address).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the field names are built at run time
  form: UseFormReturn<any>;
  prefix?: string;
  /** Label of the picked address in auto mode, e.g. 'Current address'. */
  addressLabel?: string;
  /**
   * The browser's autofill section: the home address by default; 'billing' for a card's address; 'off'
   * where autofill would put the wrong address in (a previous address).
   */
  autofill?: 'home' | 'billing' | 'off';
  /** The lead page's card address asks for the county too (spec section 5): its label does not say optional. */
  countyRequired?: boolean;
};

/** Why none of the three is marked optional although each may be left empty (the contract's rule). */
const ONE_OF_HINT = 'Enter at least one of flat number, building name or house number.';

/** GOV.UK style: required fields are plain, optional ones say so in their label. */
const optional = (label: string) => `${label} (optional)`;

/**
 * Address in auto mode (postcode search, pick an address, read-only result) or manual mode, toggled by
 * '+Manual Addr.' / '+Auto Addr.'. Closing the search without a pick clears what a pick would fill.
 * Picking moves focus to the filled address field, closing moves it back to 'Find address'.
 */
export function AddressFields({
  form,
  prefix,
  addressLabel = 'Current address',
  autofill = 'home',
  countyRequired = false,
}: Props) {
  const { watch, setValue, formState } = form;
  const name = (field: keyof AddressValues) => (prefix ? `${prefix}.${field}` : field);
  const register = (field: keyof AddressValues) => form.register(name(field));
  const errorOf = (field: keyof AddressValues): string | undefined =>
    (get(formState.errors, name(field)) as { message?: string } | undefined)?.message;
  const complete = (token: string) =>
    autofill === 'off' ? 'off' : autofill === 'billing' ? `billing ${token}` : token;
  const auto = Boolean(watch(name('autoAddress')));
  const [results, setResults] = useState<LookupAddress[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  // A second press while a search is on its way does nothing (a ref: two quick presses share one render).
  const searching = useRef(false);
  const findButton = useRef<HTMLButtonElement>(null);
  const oneOfHintId = useId();

  const clearPicked = () =>
    FILLED.forEach((f) => setValue(name(f), '', { shouldValidate: formState.isSubmitted }));

  const search = async () => {
    if (searching.current) return;
    // Cleared first, so the same count after a second search is announced again.
    setResults(null);
    setSearchError(null);
    const postCode = String(form.getValues(name('postCode')) ?? '').trim();
    if (!postCode) return setSearchError('Please enter your post code');
    searching.current = true;
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
    } finally {
      searching.current = false;
    }
  };

  const pick = async (summary: LookupAddress) => {
    let full: LookupAddress | undefined = summary;
    try {
      if (!summary.PostalCode) full = (await retrieveAddress(summary.Id))[0];
    } catch {
      full = undefined;
    }
    if (!full) {
      setResults(null);
      findButton.current?.focus();
      return setSearchError('Address search is unavailable, please enter your address manually.');
    }
    for (const [k, v] of Object.entries(fromLookup(full))) {
      setValue(name(k as keyof AddressValues), v, { shouldValidate: formState.isSubmitted });
    }
    // The filled field reads back the picked address ('Current address, read only, 12 Downing Street...').
    form.setFocus(name('address'));
    setResults(null);
  };

  const closeSearch = () => {
    // Focus goes back to where the search started before the list it is in disappears.
    findButton.current?.focus();
    setResults(null);
    clearPicked();
  };

  const toggle = () => {
    setValue(name('autoAddress'), !auto);
    setResults(null);
    setSearchError(null);
  };

  // Enter in the post code searches, as 'Find address' does, rather than sending the whole form.
  const onPostCodeKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (auto && e.key === 'Enter') {
      e.preventDefault();
      void search();
    }
  };

  const status = searchError ?? (results && results.length > 0 ? foundText(results.length) : '');
  const withOneOfHint = (describedBy?: string) => [oneOfHintId, describedBy].filter(Boolean).join(' ');

  return (
    <div className="address-fields">
      <Field label="Post code" error={errorOf('postCode') ?? searchError ?? undefined}>
        {(a11y) => (
          <div className="inline-fields">
            <input
              {...a11y}
              className="input input--short"
              autoComplete={complete('postal-code')}
              maxLength={FIELD_LENGTH.postCode}
              onKeyDown={onPostCodeKeyDown}
              {...register('postCode')}
            />
            {auto ? (
              <button
                ref={findButton}
                type="button"
                className="button button--secondary"
                onClick={() => void search()}
              >
                Find address
              </button>
            ) : null}
          </div>
        )}
      </Field>
      {auto ? (
        <>
          <AddressResults
            results={results}
            status={status}
            onPick={(r) => void pick(r)}
            onClose={closeSearch}
          />
          <Field label={addressLabel} error={errorOf('address')}>
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
        </>
      ) : (
        <>
          <Field
            label="Flat number"
            hint={<span id={oneOfHintId}>{ONE_OF_HINT}</span>}
            error={errorOf('flatNo')}
          >
            {(a11y) => (
              <input
                {...a11y}
                className="input input--short"
                maxLength={FIELD_LENGTH.flatNo}
                {...register('flatNo')}
              />
            )}
          </Field>
          <Field label="Building name" error={errorOf('building')}>
            {(a11y) => (
              <input
                {...a11y}
                aria-describedby={withOneOfHint(a11y['aria-describedby'])}
                className="input"
                maxLength={FIELD_LENGTH.building}
                {...register('building')}
              />
            )}
          </Field>
          <Field label="House number" error={errorOf('houseNumber')}>
            {(a11y) => (
              <input
                {...a11y}
                aria-describedby={withOneOfHint(a11y['aria-describedby'])}
                className="input input--short"
                maxLength={FIELD_LENGTH.houseNumber}
                {...register('houseNumber')}
              />
            )}
          </Field>
          <Field label="Street" error={errorOf('street')}>
            {(a11y) => (
              <input
                {...a11y}
                className="input"
                autoComplete={complete('address-line1')}
                maxLength={FIELD_LENGTH.street}
                {...register('street')}
              />
            )}
          </Field>
          <Field label="Town/City" error={errorOf('town')}>
            {(a11y) => (
              <input
                {...a11y}
                className="input"
                autoComplete={complete('address-level2')}
                maxLength={FIELD_LENGTH.town}
                {...register('town')}
              />
            )}
          </Field>
          <Field label={countyRequired ? 'County' : optional('County')} error={errorOf('county')}>
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
