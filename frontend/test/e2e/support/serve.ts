/** Manual check: `npx tsx frontend/test/e2e/support/serve.ts` serves a seeded system until Ctrl-C. */
import { startE2eSystem } from './system.ts';

const system = await startE2eSystem();
console.log(`Stays with demo data on ${system.baseUrl} (data in ${system.dataDir})`);
process.on('SIGINT', () => void system.destroy().then(() => process.exit(0)));
process.on('SIGTERM', () => void system.destroy().then(() => process.exit(0)));
