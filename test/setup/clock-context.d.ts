// What test/setup/test-clock.ts provides to every project (vitest.config.ts `provide`).
export {};

declare module "vitest" {
  export interface ProvidedContext {
    /** TEST_NOW minus the real time at the run's start, in ms; null when the clock is real. */
    testClockOffsetMs: number | null;
    /** The seed of this run's property and fuzz tests (FUZZ_SEED, else random). */
    fuzzSeed: number;
  }
}
