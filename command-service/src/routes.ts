/**
 * Every command route. Each use case is one folder: `route.ts` (mounts the handler of its
 * contracts route entry, which declares auth, body and schema; the handler gives the
 * answer), `decide.ts` (its rules, pure: command and states in, events or a domain error
 * out) and `handler.ts` (loads the streams, calls the decision, appends).
 */
import type { CommandRoute } from './command-context.ts';
import { mountDeletingAccount } from './accounts/deleting-account/route.ts';
import { mountExportingData } from './accounts/exporting-data/route.ts';
import { mountGoogleSignIn } from './accounts/google/route.ts';
import { mountRegistering } from './accounts/registering/route.ts';
import { mountResettingPassword } from './accounts/resetting-password/route.ts';
import { mountSigningIn } from './accounts/signing-in/route.ts';
import { mountSigningOut } from './accounts/signing-out/route.ts';
import { mountUpdatingProfile } from './accounts/updating-profile/route.ts';
import { mountAuditorSigningIn } from './auditors/signing-in/route.ts';
import { mountAuditorSigningOut } from './auditors/signing-out/route.ts';
import { mountCancellingBooking } from './booking/cancelling-booking/route.ts';
import { mountClosingNights } from './booking/closing-nights/route.ts';
import { mountCalendarSync } from './calendar-sync/route.ts';
import { mountMarkingPaid } from './booking/marking-paid/route.ts';
import { mountUndoingPayment } from './booking/undoing-payment/route.ts';
import { mountPlacingBooking } from './booking/placing-booking/route.ts';
import { mountSendingOtp } from './booking/sending-otp/route.ts';
import { mountVerifyingContact } from './booking/verifying-contact/route.ts';
import { mountCreatingHotel } from './hotels/creating-hotel/route.ts';
import { mountSettingCancellationPolicy } from './hotels/setting-cancellation-policy/route.ts';
import { mountUpdatingHotel } from './hotels/updating-hotel/route.ts';
import { mountAddingRoom } from './rooms/adding-room/route.ts';
import { mountUpdatingRoom } from './rooms/updating-room/route.ts';

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
