export { createCommandApp, type CommandAppOptions } from './app.ts';
export type { CommandServiceDeps } from './command-context.ts';
export { createGoogleVerifier, type GoogleIdTokenVerifier, type GoogleSettings } from './accounts/google-id-token.ts';
export { BookingDocumentsReactor, type BookingDocumentsDeps } from './reactors/booking-documents.ts';
export { OrphanedUnitsReconciler, type OrphanedUnitsDeps } from './reactors/orphaned-units.ts';
export { memoryReactorCheckpoints, mongoReactorCheckpoints, type ReactorCheckpointStore } from './reactors/reactor-checkpoints.ts';
export { PersonalDataErasureReactor, type PersonalDataErasureDeps } from './reactors/personal-data-erasure.ts';
