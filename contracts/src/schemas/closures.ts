/**
 * Closing and reopening nights of a listing (POST hotel/room/close/nights/{hotelID} and
 * hotel/room/reopen/nights/{hotelID}) and the owner's calendar of it (GET
 * hotel/room/calendar/{hotelID}/{roomID}). A range is a first night (`from`) and either
 * the last night closed (`to`, included) or a number of `nights`; one night when neither.
 * Bounds that depend on the day (from today, within the horizon) and on the listing (its
 * units, what is free) are the decider's.
 */
import { z } from 'zod';
import { closureMessages } from '../closure-messages.ts';
import { closureLimits, nightsFromTo } from '../closures.ts';
import { formLabels } from './request-check.ts';
import { addDays, nightsBetween } from '../rules.ts';
import type { ClosureSource } from '../events/booking.ts';
import { numberFrom, optional, plainText, requiredText } from './fields.ts';
import { calendarDate } from './dates.ts';

/** The nights named by `from` and `to` or `nights`; problems are added to `context` naming their key. */
function rangeOf(keys: { from: string; to?: string | undefined; nights?: number | undefined }, context: z.RefinementCtx): string[] | undefined {
  const problem = (path: string, message: string) => {
    context.addIssue({ code: 'custom', path: [path], message });
    return undefined;
  };
  if (keys.to === undefined) return nightsFromTo(keys.from, addDays(keys.from, (keys.nights ?? 1) - 1));
  const count = nightsBetween(keys.from, keys.to) + 1;
  if (count < 1) return problem('to', closureMessages.toBeforeFrom);
  if (count > closureLimits.maxNights) return problem('to', closureMessages.tooManyNights(closureLimits.maxNights));
  if (keys.nights !== undefined && keys.nights !== count) return problem('nights', closureMessages.nightsAndToDiffer);
  return nightsFromTo(keys.from, keys.to);
}

export const closeNightsRequest = z
  .object({
    roomID: requiredText(64),
    from: calendarDate,
    to: optional(calendarDate),
    nights: optional(numberFrom(1, closureLimits.maxNights, true)),
    units: numberFrom(1, 500, true),
    note: optional(plainText(closureLimits.noteMax)),
  })
  .transform(({ roomID, units, note, ...range }, context) => {
    const nights = rangeOf(range, context);
    if (nights === undefined) return z.NEVER;
    return { roomID, nights, units, ...(note !== undefined && note !== '' && { note }) };
  })
  .register(formLabels, closureMessages.labels);
export type CloseNightsRequest = z.infer<typeof closeNightsRequest>;

/** Reopens a closure: all of its nights, or those from `from` to `to` (both included; either may be left out). */
export const reopenNightsRequest = z
  .object({ roomID: requiredText(64), closureID: requiredText(64), from: optional(calendarDate), to: optional(calendarDate) })
  .superRefine((keys, context) => {
    if (keys.from !== undefined && keys.to !== undefined && keys.to < keys.from)
      context.addIssue({ code: 'custom', path: ['to'], message: closureMessages.toBeforeFrom });
  })
  .register(formLabels, closureMessages.labels);
export type ReopenNightsRequest = z.infer<typeof reopenNightsRequest>;

/** One night of the owner's calendar: units booked by guests, closed, and free to book. */
export interface CalendarNight {
  readonly date: string;
  readonly booked: number;
  readonly closed: number;
  readonly free: number;
}

/** A closure as the calendar shows it: the nights it still holds, in order. */
export interface CalendarClosure {
  readonly closureID: string;
  readonly nights: readonly string[];
  readonly units: number;
  readonly source: ClosureSource;
  readonly note?: string;
}

/** GET hotel/room/calendar/{hotelID}/{roomID}: every night from today (India) for the horizon. */
export interface RoomCalendar {
  readonly roomID: string;
  readonly totalUnits: number;
  readonly nights: readonly CalendarNight[];
  readonly closures: readonly CalendarClosure[];
}
