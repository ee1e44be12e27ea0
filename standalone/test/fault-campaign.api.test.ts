/**
 * A small fault campaign (standalone/test/faults/campaign.ts), the one-process product as a
 * child process under its workload: one round of each fault (kill -9, a full or failing
 * disk, a torn write, a damaged record restored from a backup, the wall clock stepped ahead
 * and back by hours; not the real full filesystem, which needs root), and after each round
 * nothing acknowledged lost, nothing refused present, no night oversold, no units held
 * without a booking, read models that agree with the log, side effects once, a log that
 * matches its signed heads; at the end, read models equal to a rebuild from the same log.
 * The long campaign is `npm run faults -- --rounds 200` (docs/operations.md).
 */
import { expect } from 'chai';
import { FAULTS_WITHOUT_ROOT, describeCampaign, problems, runCampaign } from './faults/campaign.ts';

describe('a small fault campaign against the one-process product', function () {
  this.timeout(600_000);

  it('survives one round of each fault with nothing lost, oversold, orphaned, mismatched or done twice', async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const report = await runCampaign({ rounds: FAULTS_WITHOUT_ROOT.length, seed, faults: FAULTS_WITHOUT_ROOT, guests: 8 });
    const table = describeCampaign(report);

    expect(report.rounds.map((round) => round.fault)).to.have.members([...FAULTS_WITHOUT_ROOT]);
    expect(
      report.rounds.reduce((sum, round) => sum + round.acknowledged, 0),
      table,
    ).to.be.greaterThan(0);
    for (const round of report.rounds) expect(problems(round), `round ${round.round} (${round.what}): ${round.details.join('; ')}\n${table}`).to.equal(0);
    expect(report.rebuildMismatches, table).to.deep.equal([]);
  });
});
