import type { Generated } from 'kysely';

/**
 * What each check of the decision step found for an application (issue 44), in the order they ran,
 * beside its row in application_decisions. `details` is JSON of figures and codes, never personal data.
 */
export interface DecisionFindingTable {
  id: Generated<number>;
  application_id: number;
  /** 1, 2, ... in the order the checks ran. */
  position: number;
  check_name: string;
  /** 'pass' | 'decline' | 'refer'. */
  outcome: string;
  reason_code: string;
  details: string;
  created_at: string;
}
