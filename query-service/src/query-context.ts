import type Router from '@koa/router';
import type { ReadStore } from '@stays/read-store';
import type { ReadModelQueries } from '@stays/projections/read-models';
import type { NotarisedLog, NotaryQueries, TreeHeadStore } from '@stays/notary/queries';
import type { AuditTrail } from './audit/audit-trail.ts';
import type { Reveal } from './audit/entries.ts';
import type { CalendarFeedLinks, MediaLinks, MediaStore, MountContext, TokenVerifier } from '@stays/service-kit';

/** How far the read side is: answered in-process by the projection runner, or from stored checkpoints. */
export interface ReadSideProgress {
  /**
   * Healthy: every projection subscribed to the log and not too far behind it; `projections`
   * says each one's state, and `reactors` (where this process runs them) how far each is,
   * for operators and tests: a reactor's backlog (invoices, emails) never makes the read
   * side unhealthy. `problem` names what is wrong when it is not the projections (the log
   * refusing writes, say).
   */
  health(): Promise<{ readonly healthy: boolean; readonly projections: readonly object[]; readonly reactors?: readonly object[]; readonly problem?: string }>;
  /** Resolves true once every read model reflects the log up to `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /**
   * The version of a read model queries read and the position of the last event that changed
   * its documents, as `<version>@<position>`: a cache key that moves with the data and when
   * another version goes live (whose documents may differ where the data did not move).
   */
  changedAt(projection: string): Promise<string | undefined>;
}

export interface QueryServiceDeps {
  readonly readStore: ReadStore;
  readonly media: MediaStore;
  /** Turns recorded media links into the absolute URLs answers carry. */
  readonly mediaLinks: MediaLinks;
  readonly tokenVerifier: TokenVerifier;
  readonly readSide: ReadSideProgress;
  /** Position of the log's last event (null while empty): a read never waits for a position beyond it. */
  readonly logHead: () => Promise<number | null>;
  /** A stored record's data with its personal fields decrypted ('[erased]' where the key is gone). */
  readonly reveal: Reveal;
  /** Where each auditor read is recorded (the query side's only write, to the event log). */
  readonly auditTrail: AuditTrail;
  /** The notary's signed tree heads (a file in the one-process mode, MongoDB in production). */
  readonly treeHeads: TreeHeadStore;
  /** The log as stored (the notary's, never a decrypting view): the records auditors read, by the positions the notary keeps. */
  readonly notarisedLog: NotarisedLog;
  /** The notary's answers where it keeps them outside the read store (the one-process mode's files); else read from the read store. */
  readonly notary?: NotaryQueries;
  /** The listings' secret calendar feed links, shown to their owners; without them no link is shown. */
  readonly calendarFeedLinks?: CalendarFeedLinks;
  /** Where read-your-writes timeouts are logged. Default: the process's logger. */
  readonly log?: (line: string) => void;
}

/** What the query routes are given: the dependencies, the read models' queries and the mounter of contracts routes (which applies each entry's auth and query schema). */
export interface QueryContext extends MountContext<QueryServiceDeps> {
  /** Every read goes through the read models' own queries, */
  readonly readModels: ReadModelQueries;
  /** and the notary's. */
  readonly notary: NotaryQueries;
}

export type { Router };
