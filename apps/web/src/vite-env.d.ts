/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TEST_MODE?: string;
  readonly VITE_TRUST_RATING?: string;
  readonly VITE_TRUST_REVIEWS?: string;
  /** Set by vite.config.ts: the year of the build, which the prerendered footer prints. */
  readonly VITE_BUILD_YEAR?: string;
}
