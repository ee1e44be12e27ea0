/**
 * Every command route. Each use case is one folder: `handler.ts`, its imperative shell (the
 * mount of its contracts route entry, which declares auth, body and schema, then loading
 * the streams, calling the decision, appending and giving the answer), and `decide.ts`, its
 * rules, pure: command and states in, events or a domain error out.
 */
import type { CommandRoute } from './command-context.ts';
import { mountDeletingAccount } from './accounts/deleting-account/handler.ts';
import { mountExportingData } from './accounts/exporting-data/handler.ts';
import { mountGoogleSignIn } from './accounts/google/handler.ts';
import { mountRegistering } from './accounts/registering/handler.ts';
import { mountResettingPassword } from './accounts/resetting-password/handler.ts';
import { mountSigningIn } from './accounts/signing-in/handler.ts';
import { mountSigningOut } from './accounts/signing-out/handler.ts';
import { mountUpdatingProfile } from './accounts/updating-profile/handler.ts';
import { mountAuditorSigningIn } from './auditors/signing-in/handler.ts';
import { mountAuditorSigningOut } from './auditors/signing-out/handler.ts';
import { mountCancellingBooking } from './booking/cancelling-booking/handler.ts';
import { mountClosingNights } from './booking/closing-nights/handler.ts';
import { mountCalendarSync } from './calendar-sync/handler.ts';
import { mountMarkingPaid } from './booking/marking-paid/handler.ts';
import { mountUndoingPayment } from './booking/undoing-payment/handler.ts';
import { mountPlacingBooking } from './booking/placing-booking/handler.ts';
import { mountSendingOtp } from './booking/sending-otp/handler.ts';
import { mountVerifyingContact } from './booking/verifying-contact/handler.ts';
import { mountCreatingHotel } from './hotels/creating-hotel/handler.ts';
import { mountSettingCancellationPolicy } from './hotels/setting-cancellation-policy/handler.ts';
import { mountUpdatingHotel } from './hotels/updating-hotel/handler.ts';
import { mountAddingRoom } from './rooms/adding-room/handler.ts';
import { mountUpdatingRoom } from './rooms/updating-room/handler.ts';

export const commandRoutes: readonly CommandRoute[] = [
  mountRegistering,
  mountSigningIn,
  mountGoogleSignIn,
  mountSigningOut,
  mountDeletingAccount,
  mountUpdatingProfile,
  mountResettingPassword,
  mountExportingData,
  mountCreatingHotel,
  mountUpdatingHotel,
  mountSettingCancellationPolicy,
  mountAddingRoom,
  mountUpdatingRoom,
  mountSendingOtp,
  mountVerifyingContact,
  mountPlacingBooking,
  mountCancellingBooking,
  mountMarkingPaid,
  mountUndoingPayment,
  mountClosingNights,
  mountCalendarSync,
  mountAuditorSigningIn,
  mountAuditorSigningOut,
];
