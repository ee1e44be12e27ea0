/**
 * Adds an auditor account: `npm run auditor -- add <email>`, the password read from
 * standard input (one line; typed at a prompt or piped, never an argument, so it stays out
 * of shell history and process lists). With EVENTSTORE_URL set it writes to EventStoreDB.
 * Without it, to the embedded log under DATA_DIR; that log has one owner at a time, so
 * while `npm start` holds it the account is handed to that process's operator call
 * (operator-route.ts) with the operator token it keeps in DATA_DIR/keys.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EventStoreLockedError, connectEventStoreDB, openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { OperatorCallError, loadConfig, operatorClient, readOperatorToken, runMain, streamNamesFor, type Config } from '@stays/service-kit';
import { DomainError } from '../domain-errors.ts';
import { createPasswords } from '../accounts/passwords.ts';
import { handleAddAuditor } from './adding-auditor/handler.ts';
import { assertLogUsesStreamNameKey } from '../stream-name-key.ts';

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

/** The log this command may write to itself, or null when a running process owns it. */
async function ownLog(config: Config): Promise<EventStore | null> {
  if (config.eventStoreUrl) return connectEventStoreDB(config.eventStoreUrl);
  try {
    return await openEmbeddedEventStore(path.join(config.dataDir, 'events'));
  } catch (error) {
    if (error instanceof EventStoreLockedError) return null;
    throw error;
  }
}

async function addThroughRunningProcess(config: Config, email: string, password: string): Promise<string> {
  const token = await readOperatorToken(config.operatorToken, path.join(config.dataDir, 'keys'));
  if (token === null)
    throw new OperatorCallError(
      `the log under ${config.dataDir} is in use, and there is no operator token to hand the account to the process using it (OPERATOR_TOKEN)`,
    );
  const { auditorId } = await operatorClient(config.operatorUrl, token)<{ auditorId: string }>('POST', '/operator/auditors', { email, password });
  return auditorId;
}

/** Adds the auditor to a log this command holds, once it is sure the log's names are made with the same key. */
async function addToOwnLog(config: Config, store: EventStore, email: string, password: string): Promise<string> {
  const streamNames = await streamNamesFor(config);
  await assertLogUsesStreamNameKey(store, streamNames);
  return handleAddAuditor({ store, streamNames }, createPasswords(), { email, password, via: 'cli' });
}

runMain(async () => {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command !== 'add' || email === undefined || rest.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = await readPassword();
  const config = loadConfig();
  const store = await ownLog(config);
  try {
    const auditorId = store === null ? await addThroughRunningProcess(config, email, password) : await addToOwnLog(config, store, email, password);
    console.log(`auditor ${email} added (id ${auditorId}); they sign in at /login-auditor`);
  } catch (error) {
    if (!(error instanceof DomainError) && !(error instanceof OperatorCallError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await store?.close();
  }
});
