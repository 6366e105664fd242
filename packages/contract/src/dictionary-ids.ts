/** Dictionary ids of spec section 9 (and the document categories of issue 28) and the name each list travels under. */
export const DictionaryId = {
  wageFrequencies: 1,
  titles: 2,
  residentalStatus: 3,
  livedInAddress: 4,
  employmentStatus: 5,
  loanReason: 6,
  maritalStatus: 7,
  employmentIndustry: 29,
  /** Not in the spec's list (issue 28): what a document a customer uploads is (Document/UploadDocument). */
  documentCategories: 30,
} as const;
export type DictionaryName = keyof typeof DictionaryId;
export const DICTIONARY_NAMES = Object.keys(DictionaryId) as DictionaryName[];

export const dictionaryNameFor = (key: number | string): DictionaryName | undefined => {
  if (typeof key === 'string') {
    if ((DICTIONARY_NAMES as string[]).includes(key)) return key as DictionaryName;
    const asNumber = Number(key);
    if (!Number.isInteger(asNumber)) return undefined;
    key = asNumber;
  }
  return DICTIONARY_NAMES.find((name) => DictionaryId[name] === key);
};
