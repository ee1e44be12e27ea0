/**
 * EventStoreDB positions {commit, prepare} <-> the port's single number.
 *
 * Choice: the port's position IS the commit position.
 *
 * Why that is sound (checked against the server and client sources, see the research
 * notes below):
 * - Every append made through the gRPC API is an implicit transaction: each event is a
 *   prepare record flagged IsCommitted, and reading $all reports it at
 *   (commit = prepare = the record's own log position) (AllReader, and server PR #2522
 *   "Set the prepare position to the prepare position instead of the transaction
 *   position", 2020). So commit positions are unique per event and strictly increase in
 *   $all order, which is all the port asks of a position.
 * - Only explicit transactions (TCP client only, removed with the TCP API in v24) give
 *   several events the same commit position with different prepare positions. Such an
 *   event cannot be represented by one number without ambiguity, so mapping it throws
 *   instead of letting a projection skip an event whose position it believes it has seen.
 * - The append response carries the commit position of the append's last event
 *   (WriteEventsCompleted reports the CommitIndexed log position in both fields), which
 *   is what read-your-writes needs to wait for.
 * - Positions are byte offsets in the transaction file; 2^53 bytes (8 PiB) is far
 *   beyond any deployment, and conversion refuses anything larger rather than round.
 *
 * Resuming "strictly after p": a catch-up subscription's fromPosition is exclusive, so
 * subscribing from {commit: p, prepare: p} starts with the first event after p. A
 * forward $all read's fromPosition is inclusive, so readAll reads from {p, p} and drops
 * the event at p. Both paths also drop anything <= p defensively, so even a server that
 * treated the position differently could only cause a re-read, never a skip.
 */
import type { Position } from '@eventstore/db-client';

/** The port position of an event read from $all or a subscription. */
export function toPortPosition(position: Position): number {
  if (position.commit !== position.prepare) {
    throw new Error(
      `EventStoreDB event at commit ${position.commit} / prepare ${position.prepare} was written in an explicit ` +
        'transaction; this adapter maps positions to the commit position and cannot order such events',
    );
  }
  return toSafeNumber(position.commit);
}

/** The port position of an append's last event, from the append response. */
export function appendPosition(position: Position): number {
  return toSafeNumber(position.commit);
}

/** The EventStoreDB position of the event at port position `position`. */
export function toEventStoreDBPosition(position: number): Position {
  if (!Number.isSafeInteger(position) || position < 0) throw new RangeError(`invalid event store position ${position}`);
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

/**
 * A stream read reports positions only on servers >= 22.6 (server PR #3459); older ones
 * send nothing or 2^64 - 1. Those events get -1: "position unknown".
 */
export function streamReadPosition(position: Position | undefined): number {
  if (!position || position.commit > BigInt(Number.MAX_SAFE_INTEGER)) return -1;
  return toPortPosition(position);
}

function toSafeNumber(value: bigint): number {
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`EventStoreDB position ${value} does not fit the port's number positions`);
  }
  return Number(value);
}
