/**
 * Adds an auditor account: `npm run auditor -- add <email>`, the password read from
 * standard input (one line; typed at a prompt or piped, never an argument, so it stays out
 * of shell history and process lists). With EVENTSTORE_URL set it writes to EventStoreDB;
 * without it, to the embedded log under DATA_DIR, which has one owner at a time: stop
 * `npm start` first (the log's lock refuses a second process).
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { connectEventStoreDB, openEmbeddedEventStore } from '@stays/event-store';
import { loadConfig, runMain } from '@stays/service-kit';
import { DomainError } from '../domain-errors.ts';
import { createPasswords } from '../accounts/passwords.ts';
import { handleAddAuditor } from './adding-auditor/handler.ts';

const USAGE = 'usage: npm run auditor -- add <email>   (the password is read from standard input)';

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password for the new auditor: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

runMain(async () => {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command !== 'add' || email === undefined || rest.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = await readPassword();
  const config = loadConfig();
  const store = config.eventStoreUrl ? connectEventStoreDB(config.eventStoreUrl) : await openEmbeddedEventStore(path.join(config.dataDir, 'events'));
  try {
    const auditorId = await handleAddAuditor(store, createPasswords(), { email, password, via: 'cli' });
    console.log(`auditor ${email} added (id ${auditorId}); they sign in at /login-auditor`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await store.close();
  }
});
