import type { LookupAddress } from './address';

/** How a picked lookup result fills the form's address fields. */
export const fromLookup = (r: LookupAddress) => ({
  postCode: r.PostalCode,
  county: r.Province,
  town: r.City,
  street: r.Street,
  building: r.BuildingName,
  houseNumber: r.BuildingNumber,
  flatNo: r.SubBuilding,
  address: r.Label,
});
