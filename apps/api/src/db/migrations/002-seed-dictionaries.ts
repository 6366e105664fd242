import type { Kysely } from 'kysely';

type Entry = [id: number, name: string, opts?: { small?: boolean; fixesDate?: boolean }];

/** The eight dictionaries of spec section 9 with realistic UK entries. Ids are stable: data refers to them. */
const DICTIONARIES: Record<string, Entry[]> = {
  wageFrequencies: [
    [1, 'Specific date', { fixesDate: true }],
    [2, 'Last working day of the month', { small: true }],
    [3, 'Four weekly', { small: true }],
    [4, 'Last friday of the month', { fixesDate: true }],
    [5, 'Last thursday of the month', { fixesDate: true }],
    [6, 'Last wednesday of the month', { fixesDate: true }],
    [7, 'Last tuesday of the month', { fixesDate: true }],
    [8, 'Last monday of the month', { fixesDate: true }],
    [9, 'Monthly', { small: true }],
    [10, 'Weekly', { small: true }],
    [11, 'Fortnightly', { small: true }],
    [12, 'Twice monthly', { small: true }],
  ],
  titles: [
    [1, 'Mr'],
    [2, 'Mrs'],
    [3, 'Miss'],
    [4, 'Ms'],
    [5, 'Mx'],
    [6, 'Dr'],
  ],
  residentalStatus: [
    [1, 'Homeowner with a mortgage'],
    [2, 'Homeowner without a mortgage'],
    [3, 'Private tenant'],
    [4, 'Council or housing association tenant'],
    [5, 'Living with parents or family'],
    [6, 'Other'],
  ],
  livedInAddress: [
    [1, 'Less than 1 year'],
    [2, '1 to 2 years'],
    [3, '2 to 3 years'],
    [4, '3 to 5 years'],
    [5, 'More than 5 years'],
  ],
  employmentStatus: [
    [1, 'Employed full-time'],
    [2, 'Employed part-time'],
    [3, 'Self-employed'],
    [4, 'Temporary or contract'],
    [5, 'Retired'],
    [6, 'Receiving benefits'],
    [7, 'Student'],
    [8, 'Unemployed'],
  ],
  loanReason: [
    [1, 'Car repairs or MOT'],
    [2, 'Home repairs'],
    [3, 'Household bills'],
    [4, 'Unexpected expense'],
    [5, 'Medical or dental costs'],
    [6, 'Moving home'],
    [7, 'Special occasion'],
    [8, 'Education or training'],
    [9, 'Travel'],
    [10, 'Other'],
  ],
  maritalStatus: [
    [1, 'Single'],
    [2, 'Married'],
    [3, 'Civil partnership'],
    [4, 'Living with partner'],
    [5, 'Separated'],
    [6, 'Divorced'],
    [7, 'Widowed'],
  ],
  employmentIndustry: [
    [1, 'Accountancy and finance'],
    [2, 'Agriculture'],
    [3, 'Armed forces'],
    [4, 'Construction'],
    [5, 'Education'],
    [6, 'Emergency services'],
    [7, 'Energy and utilities'],
    [8, 'Health and social care'],
    [9, 'Hospitality and catering'],
    [10, 'IT and telecoms'],
    [11, 'Legal'],
    [12, 'Manufacturing'],
    [13, 'Media and creative'],
    [14, 'Public sector'],
    [15, 'Retail'],
    [16, 'Transport and logistics'],
    [17, 'Other'],
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  const rows = Object.entries(DICTIONARIES).flatMap(([dictionary, entries]) =>
    entries.map(([id, name, opts], i) => ({
      dictionary,
      id,
      name,
      sort_order: i + 1,
      in_small: opts?.small ? 1 : 0,
      fixes_date: opts?.fixesDate ? 1 : 0,
    })),
  );
  await db.insertInto('dictionary_entries').values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('dictionary_entries').execute();
}
