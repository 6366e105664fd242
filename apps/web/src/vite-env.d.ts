/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TEST_MODE?: string;
  readonly VITE_TRUST_RATING?: string;
  readonly VITE_TRUST_REVIEWS?: string;
}
