/** Demo data for an empty system, seeded through the commands (`SEED_DEMO=1`, the default). */
export { seedDemo, seedDemoAuditor, hotelFields, roomFields, type SeedResult, type SeededCatalogue } from './seed.ts';
export { seedDemoOnFirstStart } from './first-start.ts';
export { DEMO_GUEST_MOST_HELD, demoHistoryPlan, seedDemoHistory, type HistoryResult } from './history.ts';
export {
  FIRST_STAY_DAYS_AGO,
  MOST_HELD_PER_GUEST,
  demoHistoryStart,
  planDemoHistory,
  type DemoHistoryPlan,
  type PlannedBooking,
  type PlannedAction,
} from './history-plan.ts';
export { SeedingClock } from './seeding-clock.ts';
export {
  DEMO_AUDITOR_EMAIL,
  DEMO_PASSWORD,
  demoGuest,
  demoHistoryGuests,
  demoHotels,
  type DemoGuest,
  type DemoHotel,
  type DemoListing,
  type DemoOwner,
  type DemoPlace,
  type DemoTransport,
} from './demo-data.ts';
