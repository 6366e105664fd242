import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { type ChangeAddressParsed, oneLineAddress } from './change-address-values';
import { updateAccountDetails } from './get-account-details';
import { usePreviewable } from './preview-answer';

export const changeAddress = (payload: ChangeAddressParsed) => callApi('changeAddress', payload);

/**
 * Spec section 4: a successful change updates the locally held details, with the one-line address the
 * server made (object.addressStr) and the fields that were sent.
 */
export function useChangeAddress() {
  const client = useQueryClient();
  const send = usePreviewable(changeAddress, (payload) => ({
    addressStr: oneLineAddress(payload.address),
    unchanged: false,
  }));
  return useMutation({
    mutationFn: send,
    onSuccess: ({ addressStr }, { livedInAddressID, residentalStatusID, address }) =>
      updateAccountDetails(client, (d) => ({
        ...d,
        contactDetails: {
          ...d.contactDetails,
          livedInAddressID,
          residentalStatusID,
          address: {
            postCode: address.postCode,
            county: address.county,
            town: address.town,
            street: address.street,
            building: address.building,
            houseNumber: address.houseNumber,
            flatNo: address.flatNo,
            addressStr,
            country: address.country,
          },
        },
      })),
  });
}
