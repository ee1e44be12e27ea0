import type { Writable } from 'node:stream';
import { type EventStore } from '@stays/event-store';
import { type ExportFilter } from './export-filter.ts';
export interface ExportCounts {
    scanned: number;
    exported: number;
}
/** The embedded log's records, matched on their stored bytes (parsed only when a filter needs more than the position). */
export declare function exportEmbedded(dataDir: string, filter: ExportFilter, out: Writable, counts: ExportCounts, progress: () => void): Promise<void>;
/** Any event store's `$all` (EventStoreDB's positions are commit positions, not counts). */
export declare function exportFromStore(store: EventStore, filter: ExportFilter, out: Writable, counts: ExportCounts, progress: () => void): Promise<void>;
export declare function exportCommand(args: readonly string[]): Promise<void>;
