// @ts-check
/**
 * StrykerJS (`npm run mutate`): mutation testing of the simulator, with the conformance catalogue as
 * its test suite (test/mutation/catalogue.mutation.ts, through vitest.mutation.config.ts). Run it
 * through `npm run mutate [-- FILE…]`, which builds dist/ first: the judge (kit and catalogue) is
 * loaded from there, only the simulator from src/ is mutated.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutation.config.ts',
    // One test file, so `related` saves nothing; it could only cost: the simulator is imported
    // dynamically inside beforeAll, and if vitest ever failed to link a mutated file to that file, a
    // mutant would run no test and be reported as surviving.
    related: false,
  },
  // No TypeScript checker (not cheap, measured on three files): it takes one of the two slots, leaving
  // one test runner, and about 1.3 GB. About a third of the mutants do not type-check; without the
  // checker they run like any other (and count), so a survivor may be one TypeScript would refuse.
  checkers: [],
  coverageAnalysis: 'perTest',
  // Mutants no client of the interface can tell apart, reported as Ignored with the reason
  // (scripts/stryker-ignorers.mjs): the free wording of refusals and internal invariant guards.
  plugins: ['@stryker-mutator/*', './scripts/stryker-ignorers.mjs'],
  ignorers: ['free-wording', 'invariant-guards'],
  // Start-up mutants (seeding, endpoint table, schemas) run the whole catalogue each; `--ignoreStatic` skips them.
  ignoreStatic: false,
  mutate: [
    'src/sim/rules/**/*.ts',
    'src/sim/ledger/**/*.ts',
    'src/sim/paging/**/*.ts',
    'src/sim/services/**/*.ts',
    'src/sim/bank/**/*.ts',
    'src/sim/api/**/*.ts',
    'src/sim/http/**/*.ts',
    // Moved out of http/ with express (the customer surface's routes, error handler and body middleware).
    'src/sim/portal/routes.ts',
    'src/sim/portal/error-handler.ts',
    'src/sim/portal/json-body.ts',
    'src/contract/**/*.ts',
    '!**/*.test.ts',
    '!src/contract/openapi*.ts',
  ],
  // The sandbox copy holds only what the simulator and the mutation test need (gitignore syntax,
  // later rules win): everything at the top level is left out, then src/, fixtures/, the test and
  // its config are let back in. The judge comes from the real project's dist/; other folders (build
  // output, scratch copies other tools keep in the project) change while a
  // run copies them, and a file vanishing mid-copy aborts Stryker.
  ignorePatterns: [
    '/*',
    '!/src',
    '!/fixtures',
    '!/package.json',
    '!/tsconfig.json',
    '!/vitest.mutation.config.ts',
    '!/test',
    '/test/*',
    '!/test/mutation',
  ],
  reporters: ['clear-text', 'html', 'json', process.stdout.isTTY ? 'progress' : 'progress-append-only'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // Each mutant lists (up to three of) the scenarios it ran; the test names are not listed.
  clearTextReporter: {
    allowColor: Boolean(process.stdout.isTTY),
    reportTests: false,
    logTests: true,
    maxTestsToLog: 3,
  },
  concurrency: 2,
  // A mutant's time limit: its covering scenarios' dry-run time × timeoutFactor + timeoutMS (+ the
  // measured start-up overhead). Hangs are rare (the hit counter ends endless loops); the margin keeps
  // two busy workers on two cores from turning slow runs into false timeouts.
  timeoutFactor: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};

export default config;
