// Mocha's spec reporter, plus one plain closing line "N passed, N failed, N skipped"
// so that CI can read the totals whatever runner it knows.
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SpecWithSummary extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      process.stdout.write(`${passes} passed, ${failures} failed, ${pending} skipped\n`);
    });
  }
}
module.exports = SpecWithSummary;
