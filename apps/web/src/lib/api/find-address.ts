import { callApi } from '../api-client';

/** Postcode lookup (GBR): Find lists the addresses at a postcode, Retrieve gives one in full. */
export const findAddresses = (postCode: string) => callApi('addressFind', { postCode });
export const retrieveAddress = (id: string) => callApi('addressRetrieve', { id });
