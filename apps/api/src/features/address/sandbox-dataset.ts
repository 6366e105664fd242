import type { LookupAddress } from '@lender/contract/rules/address';

type Row = [
  sub: string,
  buildingName: string,
  number: string,
  street: string,
  city: string,
  province: string,
];

/** A small GBR dataset for development and tests; an unknown postcode has no addresses, as in real life. */
const ROWS: Record<string, Row[]> = {
  'SW1A 2AA': [
    ['', '', '10', 'Downing Street', 'London', 'Greater London'],
    ['', '', '11', 'Downing Street', 'London', 'Greater London'],
    ['', '', '12', 'Downing Street', 'London', 'Greater London'],
  ],
  'EC1A 1BB': [
    ['Flat 1', 'Bartholomew House', '', 'King Edward Street', 'London', 'Greater London'],
    ['Flat 2', 'Bartholomew House', '', 'King Edward Street', 'London', 'Greater London'],
    ['', '', '7', 'King Edward Street', 'London', 'Greater London'],
    ['', '', '9', 'King Edward Street', 'London', 'Greater London'],
  ],
  'M1 1AE': [
    ['Flat 4', 'Piccadilly Plaza', '', 'Portland Street', 'Manchester', 'Greater Manchester'],
    ['Flat 5', 'Piccadilly Plaza', '', 'Portland Street', 'Manchester', 'Greater Manchester'],
    ['', '', '21', 'Portland Street', 'Manchester', 'Greater Manchester'],
  ],
  'B33 8TH': [
    ['', '', '1', 'Stechford Lane', 'Birmingham', 'West Midlands'],
    ['', '', '3', 'Stechford Lane', 'Birmingham', 'West Midlands'],
    ['', '', '5', 'Stechford Lane', 'Birmingham', 'West Midlands'],
    ['', 'The Coach House', '', 'Stechford Lane', 'Birmingham', 'West Midlands'],
  ],
  'CR2 6XH': [
    ['', '', '14', 'Selsdon Road', 'South Croydon', 'Surrey'],
    ['', '', '16', 'Selsdon Road', 'South Croydon', 'Surrey'],
    ['Flat A', '', '18', 'Selsdon Road', 'South Croydon', 'Surrey'],
  ],
  'DN55 1PT': [
    ['', 'Royal Mail Building', '', 'Leicester Avenue', 'Doncaster', 'South Yorkshire'],
    ['', '', '2', 'Leicester Avenue', 'Doncaster', 'South Yorkshire'],
  ],
};

export const SANDBOX_ADDRESSES: LookupAddress[] = Object.entries(ROWS).flatMap(([postCode, rows]) =>
  rows.map(([sub, buildingName, number, street, city, province], i) => {
    const firstLine = [sub, buildingName, [number, street].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    return {
      Id: `GB|SANDBOX|${postCode.replace(' ', '')}|${i + 1}`,
      PostalCode: postCode,
      Province: province,
      City: city,
      Street: street,
      BuildingName: buildingName,
      BuildingNumber: number,
      SubBuilding: sub,
      Label: `${firstLine}, ${city}, ${postCode}`,
    };
  }),
);
