/**
 * The occupancy and revenue read model's answers: an owner's own hotel by month and by
 * day (GET hotel/owner/occupancy), every city for one month (GET audit/occupancy), and the
 * month the auditors' view opens on (GET audit/occupancy/opening-month).
 *
 * A night sold is one unit of a listing taken for one night; units available are the
 * units of the hotel's listings that existed that day. Revenue is what guests pay (total
 * less discount) spread over the booking's nights in whole rupees, paid once the owner
 * records the payment; cancelled bookings count nowhere.
 */
import { z } from 'zod';
import { optional } from './fields.ts';

/** A calendar month, YYYY-MM. */
const month = z
  .string({ error: 'must be a month as YYYY-MM' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM');

/** GET audit/occupancy: the month to show (default: the current month in India). */
export const auditOccupancyQuery = z.object({ month: optional(month) });
export type AuditOccupancyQuery = z.infer<typeof auditOccupancyQuery>;

/** Nights sold, units available and revenue over a period (a day, a month). */
export interface OccupancyFigures {
  /** Units booked, summed over the period's nights. */
  readonly nightsSold: number;
  /** Units of the listings that existed, summed over the period's days. */
  readonly unitsAvailable: number;
  /** nightsSold / unitsAvailable in percent, one decimal; null when nothing was available. */
  readonly occupancyPercent: number | null;
  /** Integer rupees after discount, of bookings the owner recorded as paid. */
  readonly revenuePaid: number;
  /** Integer rupees after discount, of bookings not paid yet. */
  readonly revenueUnpaid: number;
}

export interface OccupancyOfMonth extends OccupancyFigures {
  readonly month: string;
}

export interface OccupancyOfDay extends OccupancyFigures {
  /** YYYY-MM-DD: the night that starts that day. */
  readonly date: string;
}

/**
 * GET hotel/owner/occupancy: the owner's hotel. `months` runs from eleven months before
 * the current month through the month of the last of `days`, oldest first; `days` is
 * today and the next 89 days (the bookings on hand).
 */
export interface OwnerOccupancy {
  readonly hotelID: string;
  readonly today: string;
  readonly months: readonly OccupancyOfMonth[];
  readonly days: readonly OccupancyOfDay[];
}

export interface OccupancyOfCity extends OccupancyFigures {
  readonly city: string;
}

/** GET audit/occupancy: every city with a listed hotel or a booking in the month, by name. */
export interface CityOccupancy {
  readonly month: string;
  readonly cities: readonly OccupancyOfCity[];
}

/**
 * GET audit/occupancy/opening-month: the month the auditors' view opens on. The current
 * month (India) when it has nights sold; else the latest month before it with nights sold;
 * else the earliest month after it with nights sold (a young system's first bookings are
 * ahead of it); else the current month, with `withBookings` false.
 */
export interface OccupancyOpeningMonth {
  /** YYYY-MM to open on. */
  readonly month: string;
  /** YYYY-MM of today in India. */
  readonly current: string;
  /** Whether `month` has nights sold: false only when no month has any. */
  readonly withBookings: boolean;
}
