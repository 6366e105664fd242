export interface DictionaryEntryTable {
  dictionary: string;
  id: number;
  name: string;
  sort_order: number;
  /** Part of the shorter list a `small` query asks for (wage frequencies). */
  in_small: number;
  /** The entry fixes a repayment date (`enableDate`). */
  fixes_date: number;
  /** 1: no longer offered or accepted; kept so that stored answers keep their meaning (migration 019). */
  retired: number;
}
