/**
 * A feed's blocks turned into events of ours on the listing's inventory, decided against the
 * inventory as it stands (the same revision a booking decides against, so a block and a
 * booking can never both take a listing's last unit):
 *
 * - each event of the feed holds one unit on each of its nights (one reservation or block on
 *   the other site is one unit of the listing);
 * - nights a block asks for and does not hold yet are closed (NightsClosed, source
 *   `{kind:'calendar', feedId, uid}`) where a unit is free; where none is (guests booked here),
 *   the night is left open and reported as a conflict: a booking made here is never cancelled;
 * - nights a block holds that the feed no longer asks for (the event vanished: a cancellation;
 *   or shrank) are reopened (NightsReopened);
 * - only nights from today to the horizon are changed: past nights are history.
 *
 * The same feed twice decides nothing the second time.
 */
import type { CalendarConflict, InventoryEvent } from '@stays/contracts';
import type { InventoryState } from '../booking/inventory.ts';
import type { FeedBlock } from './feed-blocks.ts';

export interface ImportCommand {
  readonly feedId: string;
  readonly roomId: string;
  readonly hotelId: string;
  /** The feed's blocks; empty for a feed removed (every night it holds is reopened). */
  readonly blocks: readonly FeedBlock[];
  readonly totalUnits: number;
  /** Nights changed: from `first` to `last` (both included, YYYY-MM-DD). */
  readonly window: { readonly first: string; readonly last: string };
  /** A new closure's id. */
  readonly newClosureId: () => string;
}

export interface ImportDecision {
  readonly events: InventoryEvent[];
  readonly conflicts: CalendarConflict[];
  readonly closed: number;
  readonly reopened: number;
}

const UNITS_PER_BLOCK = 1;

export function decideImport(command: ImportCommand, inventory: InventoryState): ImportDecision {
  const { feedId, roomId, hotelId, window } = command;
  const inWindow = (night: string) => night >= window.first && night <= window.last;
  const wanted = new Map(command.blocks.map((block) => [block.uid, new Set(block.nights.filter(inWindow))]));
  const taken = new Map(inventory.taken);
  const events: InventoryEvent[] = [];
  const held = new Map<string, Set<string>>();
  let reopened = 0;

  for (const [closureId, closure] of inventory.closures) {
    // Stryker disable next-line ConditionalExpression: an owner's closure has no feed id either; the kind is what lets the compiler read one
    if (closure.source.kind !== 'calendar' || closure.source.feedId !== feedId) continue;
    const uid = closure.source.uid;
    const asked = wanted.get(uid);
    const giveBack = closure.nights.filter((night) => inWindow(night) && asked?.has(night) !== true);
    // the nights given back are not asked for, so counting them as held changes nothing missing
    const holding = held.get(uid) ?? new Set<string>();
    for (const night of closure.nights) holding.add(night);
    held.set(uid, holding);
    if (giveBack.length === 0) continue;
    events.push({ type: 'NightsReopened', data: { closureId, roomId, nights: giveBack, units: closure.units } });
    for (const night of giveBack) taken.set(night, (taken.get(night) ?? 0) - closure.units);
    reopened += giveBack.length;
  }

  const conflicts: CalendarConflict[] = [];
  let closed = 0;
  for (const block of command.blocks) {
    // in order: a block's nights are (FeedBlock)
    const missing = [...wanted.get(block.uid)!].filter((night) => held.get(block.uid)?.has(night) !== true);
    const closable: string[] = [];
    const short: string[] = [];
    for (const night of missing) {
      if (command.totalUnits - (taken.get(night) ?? 0) >= UNITS_PER_BLOCK) {
        closable.push(night);
        taken.set(night, (taken.get(night) ?? 0) + UNITS_PER_BLOCK);
      } else short.push(night);
    }
    if (closable.length > 0) {
      events.push({
        type: 'NightsClosed',
        data: {
          closureId: command.newClosureId(),
          roomId,
          hotelId,
          nights: closable,
          units: UNITS_PER_BLOCK,
          source: { kind: 'calendar', feedId, uid: block.uid },
        },
      });
      closed += closable.length;
    }
    if (short.length > 0)
      conflicts.push({ uid: block.uid, from: block.nights[0] ?? short[0]!, to: block.nights[block.nights.length - 1] ?? short[0]!, nights: short });
  }
  return { events, conflicts, closed, reopened };
}
