import { BRAND, telHref } from '@lender/contract/brand';
import type { UseFormReturn } from 'react-hook-form';
import { AddressFields } from '../address/address-fields';
import { YesNo } from '../form/yes-no';

type Props = {
  /** A form holding `isHomeAddress` (boolean) and, for a card billed elsewhere, `address`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AddressFields: any form with these names
  form: UseFormReturn<any>;
  /** The lead page: every manual field of the billing address is required, the county too (spec section 5). */
  countyRequired?: boolean;
};

/**
 * Where the card is billed (spec section 2): the home address, or a billing address typed in full. Stage 2
 * and borrow/update-card ask it alike.
 */
export function CardAddress({ form, countyRequired = false }: Props) {
  const { watch, setValue, clearErrors } = form;
  const isHomeAddress = watch('isHomeAddress') as boolean;
  const chooseHomeAddress = (home: boolean) => {
    setValue('isHomeAddress', home);
    // The billing block's messages go with it.
    if (home) clearErrors('address');
  };
  return (
    <>
      <h2>Card address</h2>
      <YesNo
        legend="Is your card address the same as your home address?"
        value={isHomeAddress}
        onChange={chooseHomeAddress}
      />
      {isHomeAddress ? null : (
        <AddressFields
          form={form}
          prefix="address"
          autofill="billing"
          addressLabel="Billing address"
          countyRequired={countyRequired}
        />
      )}
    </>
  );
}

/** The Continuous Payment Authority the card is given by pressing `button`, and how to cancel it. */
export function CpaConsent({ button }: { button: string }) {
  return (
    <>
      <h2>Continuous Payment Authority</h2>
      <p>
        By pressing {button} you give {BRAND.name} a Continuous Payment Authority (CPA) on this card. A CPA
        lets us take each repayment from the card when it is due, as your loan agreement sets out.
      </p>
      <p>
        You can cancel it at any time by calling us on{' '}
        <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> or by telling your bank.
      </p>
    </>
  );
}
