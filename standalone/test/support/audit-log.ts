/** Waits until the notary has notarised the log up to its head (what the auditors' reads see). */
import type { System } from '../../src/compose.ts';

export async function auditLogCaughtUp(system: System, timeoutMs = 10_000): Promise<void> {
  const head = await system.eventStore.headPosition();
  const deadline = Date.now() + timeoutMs;
  while (head !== null && (system.notary.status().position ?? -1) < head) {
    if (Date.now() > deadline) throw new Error(`the notary did not reach position ${head} within ${timeoutMs} ms: ${JSON.stringify(system.notary.status())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
