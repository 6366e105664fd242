/** A build-time switch (VITE_TEST_MODE=true) that lets every guard pass, for previewing screens. */
export const TEST_MODE = import.meta.env.VITE_TEST_MODE === 'true';
