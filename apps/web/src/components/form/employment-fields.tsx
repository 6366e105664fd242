import { MAX_EMPLOYMENT_STATUS } from '@lender/contract/constants';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DigitsInput } from './digits-input';
import { Field } from './field';
import { OptionsSelect, toOptions } from './options-select';

/** Spec section 5: only the statuses below the threshold (in work) are asked how long. */
export const needsEmploymentLength = (employmentTypeID: string) =>
  employmentTypeID !== '' && Number(employmentTypeID) < MAX_EMPLOYMENT_STATUS;

type Entry = { id: number; name: string };

type EmploymentPath = `employmentDetail.${
  'employmentTypeID' | 'employmentLength' | 'employmentIndustryID' | 'employmentName'}`;

type Props = {
  /** A form holding `employmentDetail` as strings: stage 3's and the repeat loan's. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AddressFields: any form with these names
  form: UseFormReturn<any>;
  lists: { employmentStatus?: Entry[]; employmentIndustry?: Entry[] } | undefined;
  errorOf: (path: EmploymentPath) => string | undefined;
};

/** Employment status, its length while in work, industry and employer (spec section 5's messages). */
export function EmploymentFields({ form, lists, errorOf }: Props) {
  const { register, watch, clearErrors } = form;
  const showLength = needsEmploymentLength(String(watch('employmentDetail.employmentTypeID') ?? ''));

  // A field that is no longer asked for takes its message with it (the summary would link to nothing).
  useEffect(() => {
    if (!showLength) clearErrors('employmentDetail.employmentLength');
  }, [showLength, clearErrors]);

  return (
    <>
      <Field label="Employment status" error={errorOf('employmentDetail.employmentTypeID')}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose"
            options={toOptions(lists?.employmentStatus)}
            {...register('employmentDetail.employmentTypeID')}
          />
        )}
      </Field>
      {showLength ? (
        <Field
          label="Employment length (months)"
          hint="How long you have been in this work, in whole months."
          error={errorOf('employmentDetail.employmentLength')}
        >
          {(a11y) => <DigitsInput {...a11y} {...register('employmentDetail.employmentLength')} />}
        </Field>
      ) : null}
      <Field label="Employment industry" error={errorOf('employmentDetail.employmentIndustryID')}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose"
            options={toOptions(lists?.employmentIndustry)}
            {...register('employmentDetail.employmentIndustryID')}
          />
        )}
      </Field>
      <Field label="Employer name" error={errorOf('employmentDetail.employmentName')}>
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            autoComplete="organization"
            maxLength={100}
            {...register('employmentDetail.employmentName')}
          />
        )}
      </Field>
    </>
  );
}
