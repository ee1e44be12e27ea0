export type Bound = {
    readonly position: number;
} | {
    readonly time: number;
};
export interface ExportFilter {
    readonly from?: Bound;
    readonly to?: Bound;
    /** Event types to keep; empty keeps all. */
    readonly types: ReadonlySet<string>;
    /** Stream names to keep; empty (with no categories) keeps all. */
    readonly streams: ReadonlySet<string>;
    /** Stream categories to keep (`booking` keeps `booking-…`). */
    readonly categories: ReadonlySet<string>;
}
export declare const EXPORT_USAGE = "usage: npm run events -- export [--from <position|ISO time>] [--to <position|ISO time>] [--type <EventType>]\u2026 [--stream <stream or category>]\u2026";
export declare function parseExportFilter(args: readonly string[]): ExportFilter;
/** The first position the filter can keep, and the last (scanning may stop after it). */
export declare const positionRange: (filter: ExportFilter) => {
    readonly first: number;
    readonly last: number;
};
/** True when the filter looks at more of a record than its position. */
export declare const readsRecords: (filter: ExportFilter) => boolean;
/** Whether a record within the position range is kept. */
export declare function keeps(filter: ExportFilter, record: {
    readonly type: string;
    readonly streamId: string;
    readonly recordedAt: string;
}): boolean;
