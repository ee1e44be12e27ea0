/**
 * The message catalogue's texts of the auditors' screens (`/login-auditor`, `/audit`). A
 * module of its own, not a part of `messages`: the web client bundles that namespace whole
 * into its first download, and these load with the audit screens only.
 */
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export const auditMessages = {
  signInTitle: 'Sign In Auditor',
  emailLabel: 'Auditor email',
  signedInAs: (name: string) => `Signed in as ${name} (auditor)`,
  title: 'Audit',
  // finding a booking
  findBooking: 'Find a booking',
  bookingIdLabel: 'Booking ID',
  guestEmailLabel: 'Guest email',
  hotelIdLabel: 'Hotel ID',
  firstNightFromLabel: 'First night from',
  firstNightToLabel: 'First night to',
  statusLabel: 'Status',
  anyStatus: 'Any status',
  statuses: { upcoming: 'Upcoming', completed: 'Past', cancelled: 'Cancelled' },
  search: 'Search',
  searching: 'SEARCHING...',
  noBookingsFound: 'No booking matches these filters.',
  found: (total: number) => `${plural(total, 'booking')} found`,
  hotelColumn: 'Hotel',
  guestColumn: 'Guest',
  firstNightColumn: 'First night',
  nightsColumn: 'Nights',
  amountColumn: 'Payable',
  openHistory: 'History',
  openHistoryOf: (bookingID: string) => `Open the history of booking ${bookingID}`,
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${Math.max(pages, 1)}`,
  // a booking's history
  historyTitle: (bookingID: string) => `History of booking ${bookingID}`,
  timelineLabel: 'Events, oldest first',
  timeColumn: 'Time (India)',
  actorColumn: 'Actor',
  happenedColumn: 'What happened',
  fieldsColumn: 'Fields set',
  proofColumn: 'In the log',
  noHistory: 'This booking has no events.',
  roles: { customer: 'Guest', 'hotel-owner': 'Hotel owner', auditor: 'Auditor', system: 'System' },
  verifying: 'Checking...',
  verified: 'Verified',
  notVerified: 'Not verified',
  pendingHead: 'Not yet signed',
  verifiedTitle: (treeSize: number) =>
    `Checked in this browser: the event's hash, its inclusion proof and the notary's signature on the tree head of ${plural(treeSize, 'event')}`,
  notVerifiedReasons: {
    signature: "The tree head's signature is not the notary's",
    proof: 'The inclusion proof does not lead from this event to the signed root hash',
    malformed: 'The proof, tree head or key could not be read',
    pending: 'The event is newer than the latest signed tree head (signed at least every 10 s)',
    unavailable: 'The proof or the tree head could not be fetched',
  },
  verifyAgain: 'Check again',
  // the booking as of a moment
  asOfTitle: 'The booking as of a moment',
  asOfLabel: 'As of (event in the history)',
  asOfValue: (time: string) => `As of ${time} (India time)`,
  asOfStoppedAt: (type: string, time: string) => `Folded up to ${type} at ${time}`,
  asOfBeforeBooking: 'Before the booking existed',
  asOfField: 'Field',
  asOfFieldValue: 'Value',
  // the log browser and export
  logTitle: 'Log browser',
  categoryLabel: 'Stream category',
  categoryPlaceholder: 'e.g. booking, inventory, customer',
  typeLabel: 'Event type',
  actorLabel: 'Actor (account id or system)',
  fromLabel: 'Recorded from',
  toLabel: 'Recorded to',
  showRecords: 'Show',
  positionColumn: 'Leaf',
  streamColumn: 'Stream',
  typeColumn: 'Type',
  noRecords: 'No event matches these filters.',
  recordsFound: (total: number) => `${plural(total, 'event')} in the log match`,
  exportNdjson: 'Export as NDJSON',
  exportCancel: 'Stop',
  exporting: (events: number, total: number | undefined, kilobytes: number) =>
    `Exporting: ${total === undefined ? plural(events, 'event') : `${events.toLocaleString('en-IN')} of ${plural(total, 'event')}`}, ${kilobytes.toLocaleString('en-IN')} KB so far`,
  exported: (events: number, fileName: string) => `Exported ${plural(events, 'event')} to ${fileName}`,
  exportStopped: 'Export stopped',
  exportFailed: 'The export failed. Please try again.',
  invalidTime: 'must be a date and time',
  // what an event says, in words
  happened: {
    accountRegistered: (role: string, name: string, via: string) => `${role} account of ${name} registered (${via === 'google' ? 'Google' : 'password'})`,
    accountProfileUpdated: (fields: readonly string[]) => `Profile changed: ${fields.join(', ') || 'nothing'}`,
    accountPasswordChanged: 'Password changed',
    accountSignedIn: (method: string) => `Signed in (${method === 'google' ? 'Google' : 'password'})`,
    accountSignedOut: (passwordChanged: boolean) => (passwordChanged ? 'Session ended: the password was changed' : 'Signed out'),
    accountDeleted: 'Account deleted',
    passwordResetRequested: (expiresAt: string) => `Password reset link sent, valid until ${expiresAt}`,
    accountPasswordReset: 'Password reset through an emailed link',
    sessionEndedByReset: 'Session ended: the password was reset',
    personalDataErased: "Personal data erased: the account's key was destroyed",
    keyReserved: (stream: string, holder: string) => `${stream} reserved for ${holder}`,
    keyReleased: (stream: string, holder: string) => `${stream} released by ${holder}`,
    hotelCreated: (hotel: string, city: string) => `Hotel ${hotel} listed in ${city}`,
    hotelUpdated: (hotel: string, fields: readonly string[]) => `Hotel ${hotel} changed: ${fields.join(', ')}`,
    hotelDelisted: 'Hotel delisted: its owner deleted their account',
    cancellationPolicySet: 'Cancellation policy set by the owner',
    roomAdded: (room: string, hotel: string, price: string) => `${room} added to ${hotel} at ${price} a night`,
    roomUpdated: (room: string, fields: readonly string[]) => `${room} changed: ${fields.join(', ')}`,
    otpIssued: (expiresAt: string) => `Verification code sent to the guest's email and mobile (valid until ${expiresAt})`,
    otpAttemptFailed: 'A wrong verification code was entered',
    contactVerified: (until: string) => `Guest's email and mobile verified (until ${until})`,
    otpNotDelivered: "The verification code could not be sent to the guest's email or mobile, so it was withdrawn",
    guestContactUsed: "A contact was added to the guest's daily verification limit",
    guestOtpAttemptFailed: "A wrong verification code counted against the guest's daily limit",
    guestBookingHeld: (lastNight: string) => `Counted among the guest's upcoming stays (last night ${lastNight})`,
    guestBookingReleased: "No longer counted among the guest's upcoming stays",
    unitsReserved: (units: number, nights: number, first: string) => `${plural(units, 'unit')} reserved for ${plural(nights, 'night')} from ${first}`,
    unitsReleased: (units: number, nights: number, first: string) => `${plural(units, 'unit')} released for ${plural(nights, 'night')} from ${first}`,
    nightsClosed: (units: number, nights: number, first: string) => `${plural(units, 'unit')} closed by the owner for ${plural(nights, 'night')} from ${first}`,
    nightsReopened: (units: number, nights: number, first: string) => `${plural(units, 'unit')} reopened for ${plural(nights, 'night')} from ${first}`,
    calendarExportRenewed: 'The owner made a new calendar feed link (the old one stopped working)',
    calendarFeedAdded: (host: string) => `The owner added a calendar of another site (${host})`,
    calendarFeedRemoved: "The owner removed another site's calendar",
    calendarFeedSynced: (result: string, closed: number, reopened: number) =>
      `Another site's calendar read (${result}): ${plural(closed, 'night')} closed, ${plural(reopened, 'night')} reopened`,
    bookingPlaced: (guest: string, room: string, hotel: string, nights: number, first: string, payable: string) =>
      `${guest} booked ${room} at ${hotel} for ${plural(nights, 'night')} from ${first}: ${payable} payable at the hotel`,
    invoiceIssued: 'Invoice issued',
    bookingEmailSent: 'Booking confirmation emailed to the guest',
    bookingNoticeClaimed: (notice: string) =>
      `One of the documents reactors took on the ${
        notice === 'owner-new-booking'
          ? "owner's new-booking email"
          : notice === 'guest-cancellation'
            ? "guest's cancellation email"
            : notice === 'owner-cancellation'
              ? "owner's cancellation email"
              : `email about the booking (${notice})`
      }: the others leave it to it`,
    bookingNoticeSent: (notice: string) =>
      notice === 'owner-new-booking'
        ? 'New booking emailed to the owner'
        : notice === 'guest-cancellation'
          ? 'Cancellation emailed to the guest'
          : notice === 'owner-cancellation'
            ? 'Cancellation emailed to the owner'
            : `Email about the booking sent (${notice})`,
    bookingCancelled: (at: string) => `Booking cancelled by the guest at ${at}`,
    bookingCancelledWithCharge: (at: string, charge: string) => `Booking cancelled by the guest at ${at}, with a cancellation charge of ${charge}`,
    bookingPaymentReceived: (at: string) => `Payment received at the hotel, recorded by the owner at ${at}`,
    bookingPaymentUndone: (at: string) => `Payment record undone by the owner at ${at}: the booking is unpaid again`,
    auditorAdded: (via: string) =>
      `Auditor account added ${via === 'bootstrap' ? 'at start (BOOTSTRAP_AUDITOR_EMAIL)' : via === 'cli' ? 'with npm run auditor' : 'with the demo data'}`,
    auditorSignedIn: 'Auditor signed in',
    auditorSignedOut: 'Auditor signed out',
    auditorRead: (what: string, bookingID: string | undefined) => {
      const booking = bookingID ?? '';
      switch (what) {
        case 'bookings':
          return 'Auditor searched the bookings';
        case 'booking-history':
          return `Auditor read the history of booking ${booking}`;
        case 'booking-as-of':
          return `Auditor read booking ${booking} as of a moment`;
        case 'log-records':
          return 'Auditor browsed the log';
        case 'log-export':
          return 'Auditor exported the log';
        default:
          return `Auditor read ${what}`;
      }
    },
    other: (type: string, stream: string) => `${type} on ${stream}`,
  },
  // the read models' versions
  readModelsTitle: 'Read models',
  readModelsRefresh: 'Refresh',
  readModelsHead: (head: number | null) => (head === null ? 'The event log is empty.' : `Event log head: position ${head}`),
  versionColumn: 'Version',
  stateColumn: 'State',
  logPositionColumn: 'Position',
  lagColumn: 'Behind the head',
  documentsColumn: 'Documents',
  versionStates: { building: 'Building', live: 'Live', retired: 'Retired' },
  catchingUp: 'catching up',
  notFollowed: 'not followed',
  noPosition: 'none yet',
  // finding bookings by hotel name, and the 'paid' filter
  hotelNameLabel: 'Hotel name',
  hotelNamePlaceholder: 'Type part of a name',
  hotelSuggestionsLabel: 'Hotels with this name',
  hotelPicked: (hotel: string, city: string) => `${hotel}, ${city}`,
  clearHotel: 'Clear the hotel',
  statusFilters: { upcoming: 'Upcoming', completed: 'Past', cancelled: 'Cancelled', paid: 'Paid' },
  paidTag: 'Paid',
  // a record as stored and as revealed
  storedJson: 'Stored JSON',
  storedJsonNote: 'Exactly as the log stores it (what the Merkle leaf is over): personal fields are encrypted.',
  decryptedJson: 'Decrypted',
  decryptedJsonNote: 'The same data with personal fields decrypted; this read is in your audit trail.',
  copyJson: 'Copy',
  copied: 'Copied',
  jsonOf: (view: string, type: string, leafIndex: number) => `${view}: ${type} #${leafIndex}`,
  bookingHistoryLink: (bookingID: string) => `History of booking ${bookingID}`,
  anyType: 'Any event type',
  // the as-of view's steps
  asOfSteps: 'Steps of the booking',
  asOfBeforeStep: 'Before the booking',
  asOfStep: (happened: string, time: string) => `${happened} · ${time}`,
  asOfChanged: (count: number, happened: string) => `${plural(count, 'field')} changed by ${happened} (highlighted)`,
  asOfChangedMark: 'changed',
  /** Names of the booking state's fields; nested ones are 'Group: field'. Fields not named here are spelled out from their key. */
  stateFieldNames: {
    status: 'Status',
    booking: 'Booking',
    invoice: 'Invoice',
    emailSent: 'Confirmation emailed',
    noticesSent: 'Notices emailed',
    noticesClaimed: 'Notices taken on',
    paid: 'Paid',
    paidAt: 'Paid at',
    cancellation: 'Cancellation',
    afterCancellation: 'Issued after cancelling',
    url: 'Link',
    mediaId: 'File',
    bookingID: 'Booking ID',
    customerId: 'Guest account',
    hotelId: 'Hotel ID',
    ownerId: 'Owner account',
    roomId: 'Listing ID',
    dateOfCommencement: 'First night',
    customerPhoneNumber: 'Guest phone',
  } as Record<string, string>,
} as const;
