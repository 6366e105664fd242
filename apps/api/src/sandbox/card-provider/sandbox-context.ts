import type { SandboxMerchant } from './merchants';
import type { SandboxDb } from './tables';

/** What every sandbox route is given. */
export type SandboxContext = {
  db: SandboxDb;
  /** Where browsers reach the sandbox: its fingerprint and challenge pages are named from it. */
  baseUrl: string;
  /** The merchant site's origin, the only one that may frame the fingerprint page. */
  appOrigin: string;
  merchants: SandboxMerchant[];
  slowFingerprintMs: number;
};
