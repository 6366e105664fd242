/** MMYY, as the card provider takes an expiry: the zero-based form month sent plus one. */
export const toExpireDate = (endMonth: number, endYear: number) =>
  `${String(endMonth + 1).padStart(2, '0')}${String(endYear % 100).padStart(2, '0')}`;
