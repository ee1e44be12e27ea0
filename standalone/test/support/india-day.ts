/** Today's date in India for tests whose expected figures follow it, kept clear of midnight. */
import { addDays, indiaToday } from '@stays/contracts';

/** Longer than a test file that depends on the day runs, even on a busy machine. */
export const MIDNIGHT_MARGIN_MS = 180_000;

/**
 * Today in India, once the day has at least MIDNIGHT_MARGIN_MS left (waiting out the rest
 * of it otherwise): the system under test dates what it records with its own clock, so
 * figures worked out from this day hold only if the day does not change while the test runs.
 */
export async function indiaDayClearOfMidnight(): Promise<string> {
  const now = new Date();
  const untilTomorrow = Date.parse(`${addDays(indiaToday(now), 1)}T00:00:00.000+05:30`) - now.getTime();
  if (untilTomorrow < MIDNIGHT_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, untilTomorrow + 1000));
  return indiaToday(new Date());
}
