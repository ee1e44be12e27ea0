/** Demo data for an empty system, seeded through the public API (`SEED_DEMO=1`, the default). */
export { seedDemo, seedDemoAuditor, hotelFields, roomFields, type SeedResult } from './seed.ts';
export {
  DEMO_AUDITOR_EMAIL,
  DEMO_PASSWORD,
  demoGuest,
  demoHotels,
  type DemoGuest,
  type DemoHotel,
  type DemoListing,
  type DemoOwner,
  type DemoPlace,
  type DemoTransport,
} from './demo-data.ts';
