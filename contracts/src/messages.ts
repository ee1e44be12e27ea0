/**
 * The message catalogue: every text a person reads, in one place.
 * Texts from the product spec are verbatim, including the ones it marks "spelt so" or
 * "(sic)" — existing users know them. Server texts the spec leaves out are ours.
 */

/** Texts shown by the web client (spec sections 1, 2, 4, 5 and 8). */
export const ui = {
  appTitle: 'Stays',
  callToBook: 'Call us to book now',
  listYourProperty: 'List your property',
  serverLoading: 'Server is uploaded on render (free service) Loading...',
  loading: 'Loading...',
  somethingWentWrong: 'Something went wrong!',
  noResponse: 'No response from the server',
  errorWhileLoadingData: 'Error while loading data.',
  errorFetchingRoomData: 'Error fetching room data',

  // sign-in and sign-up
  signInHotelTitle: 'Sign In Hotel',
  signInCustomerTitle: 'Sign In Customer',
  signUpHotelTitle: 'Sign Up Hotel',
  signUpCustomerTitle: 'Sign Up Customer',
  signIn: 'SIGN IN',
  signingIn: 'SIGNINIG...', // spelt so
  newHotelOwner: 'New Hotel Owner?',
  newCustomer: 'New Customer?',
  continueWithGoogle: 'CONTINUE WITH GOOGLE',
  googleNotConfigured: 'Sign-in with Google is not configured',
  loginFailed: 'An error occurred. Please try again.',
  ownerSignUpFailed: 'An error occured. Please try again', // (sic)
  customerSignUpFailed: 'An error occurred. Please try again.',
  emailAndPasswordRequired: 'Email and password are required.',

  // home
  searchPlaceholder: 'Search hotels, cities',
  selectPlacesOrHotels: 'Please select the places or hotels',
  enterValidEmail: 'Enter a valid email',
  exclusiveDeals: 'Get access to exclusive deals',
  notifyMe: 'Notify me',
  bookNow: 'Book Now',
  copyright: '2023-24',

  // hotel page
  linkCopied: 'Link copied!',
  guidelineCouples: 'Couples are welcome',
  guidelineIdProof: 'Guests can check in using any local or outstation ID proof (PAN card not accepted).',
  loginNowToBook: 'Login now to book hotel',
  chooseYourRoom: 'Choose your room',
  findDistance: 'Find distance from a place',
  oneRoomOneGuest: '1 Room, 1 Guest',
  nearbyTabs: {
    all: 'All Places',
    famousTouristPlaces: 'Famous Tourist Places',
    restaurants: 'Restaurants',
    cinemaHalls: 'Cinema Halls',
    transportationFacilities: 'Trasportation', // spelt so
  },

  // search
  hotelsResult: 'Hotels Result',
  noHotelsFound: 'No hotels found!',
  viewInBigSize: 'View in big size',

  // booking
  proceedForPayment: 'Procee for payment', // spelt so
  payAtHotel: 'Pay at hotel',
  payNow: 'Pay now',
  noNeedToPayToday: 'No need to pay today',
  bookNowButton: 'BOOK NOW',
  crossCheck: 'Please cross - check the hotel details before proceeding.',
  otpSent: 'OTP sent successfully!',
  resendOtpIn: (seconds: number) => `Resend OTP in ${seconds}`,
  bookingFailed: 'An error occurred while booking the hotel.',
  netBanks: ['State Bank of India', 'Axis Bank', 'ICICI Bank', 'HDFC Bank', 'Punjab National Bank', 'Bank of Baroda', 'Kotack Bank'],
  upiApps: ['Google Pay', 'Phone Pe', 'Paytm', 'Bharat Pe', "Airtel Payent's Bank"],

  // profiles
  profileTitle: 'PROFILE',
  ownerProfileTitle: 'OWNER PROFILE',
  removeProfileImage: 'Remove Profile Image',
  userUpdated: 'User is updated successfully!',
  profileImageTooLarge: 'Error Image Upload (Profile image must be less than @MB)', // placeholder literal
  updateFailed: 'An error occurred while updating',
  deleteFailed: 'An error occured while deleting', // (sic)
  updateHotelFailed: 'An error occurred',
  yourBookings: 'Your Bookings',
  bookingConfirmedTitle: 'Your stay is booked',
  stayDatesLabel: 'Dates',
  stayDates: (checkIn: string, checkOut: string, nights: number) => `${checkIn} to ${checkOut} (${nights} night${nights === 1 ? '' : 's'})`,
  invoiceOnItsWay: 'Your invoice is on its way to your email.',
  viewThisBooking: 'See this booking in Your Bookings',

  // image counts (section 5)
  uploadImages: 'Upload images',
  uploadMoreThanFive: 'Upload more than 5 images',
  uploadMaximumTen: 'Upload maximum 10 images',
  uploadAtMostTwo: 'Upload less than or equal to two images',

  // booking timing and payment labels
  upcoming: 'Upcoming',
  completed: 'Completed',
  paymentDone: 'Done',
  paymentPending: 'Pending',

  // ---- web client screen texts ----
  // shell: header and footer
  contactPhone: '+91 80 4718 2024',
  navHome: 'HOME',
  navAbout: 'ABOUT',
  navLogin: 'LOGIN',
  navAudit: 'AUDIT',
  navLogout: 'LOGOUT',
  auditorSession: (name: string) => `Signed in as ${name} (auditor)`,
  yourProfile: 'Your profile',
  yourHotel: 'Your hotel',
  mainNavigation: 'Main navigation',
  footerCompany: 'Company',
  footerLinks: ['About Us', 'Blogs', 'Support', 'Careers'],
  footerPolicies: 'Policies',
  footerPolicyLinks: ['Privacy Policy', 'Terms of Service', 'Cancellation Policy', 'Guest Policy'],
  footerCities: 'Top cities',
  footerCityLinks: ['Hotels in Mumbai', 'Hotels in New Delhi', 'Hotels in Bengaluru', 'Hotels in Goa', 'Hotels in Jaipur', 'Hotels in Chennai'],
  footerOwners: 'For hotel owners',
  footerOwnersText: 'Own a hotel? List it on Stays and reach guests across India.',
  getTheApp: 'Get the app',
  appBadges: [
    { small: 'GET IT ON', big: 'Google Play' },
    { small: 'Download on the', big: 'App Store' },
  ],
  copyrightLine: (copyright: string, title: string) => `© ${copyright} ${title}. All rights reserved.`,
  pageNotFound: 'Page not found',
  goHome: 'Go to home',

  // home
  heroTitle: 'Find your perfect stay',
  heroSubtitle: 'Over 174,000+ hotels and homes across 35+ countries',
  searchButton: 'Search',
  searchLabel: 'Search hotels, cities',
  suggestionGroups: { cities: 'Cities', hotels: 'Hotels', places: 'Places' },
  checkInDate: 'Check-in date',
  sliderTitle: 'Explore our hotels',
  hotelPhoto: (hotelName: string) => `Photo of ${hotelName}`,
  previousSlide: 'Previous photo',
  nextSlide: 'Next photo',
  promoTitle: 'Up to 75% off on your next stay',
  promoText: "Rooms and apartments in the heart of India's favourite cities. Limited period offer.",
  newsletterText: 'Sign up and we will send the best deals to you.',
  newsletterEmailLabel: 'Your email',
  newsletterThanks: 'Thank you! We will keep you posted.',
  stats: [
    { value: '174,000+', label: 'Hotels and homes' },
    { value: '40+', label: 'Countries' },
    { value: '75%', label: 'Off, at most' },
    { value: '24x7', label: 'Customer support' },
  ],
  statsTitle: 'Stays in numbers',
  whyTitle: 'Everything for a great stay',

  // about
  aboutTitle: 'About Stays',
  aboutIntro: 'Stays is a web application for booking hotel rooms and apartments across India, with prices in Indian rupees.',
  aboutUsersTitle: 'Two kinds of users',
  aboutCustomerTitle: 'Customer',
  aboutCustomer:
    'Customers browse and search hotels, choose a room or an apartment, verify their mobile number and email with a one-time code and book. They can pay at the hotel, keep a profile and download a PDF invoice for every booking.',
  aboutOwnerTitle: 'Hotel owner',
  aboutOwner:
    'Hotel owners register and add one hotel only: each owner can list one hotel. They add rooms and apartments with their facilities, edit the hotel and see the bookings of their hotel.',
  aboutProjectTitle: 'The project',
  aboutProject:
    'Every change in Stays is an event in an append-only log and every screen reads a projection of that log, so the booking history can be replayed and audited.',
  aboutTechnologiesTitle: 'Technologies',
  aboutTechnologies: [
    'React 18, React Router, Redux, Redux-Saga, Reselect and Blueprint',
    'Node.js, TypeScript and Koa',
    'EventStoreDB (event log) and MongoDB (read models)',
    'Vite, Mocha, Chai and Playwright',
  ],

  // sign-in and sign-up forms
  emailLabel: 'Email',
  ownerEmailLabel: 'Owner email',
  passwordLabel: 'Password',
  ownerNameLabel: 'Owner name',
  usernameLabel: 'Username',
  nameLabel: 'Name',
  profileImageLabel: 'Profile image',
  profileImagePreview: 'Profile image preview',
  signUp: 'SIGN UP',
  signingUp: 'SIGNING UP...',

  // search page
  dateLabel: 'Date',
  filtersTitle: 'Filters',
  close: 'Close',
  minPriceLabel: 'Min Price',
  maxPriceLabel: 'Max Price',
  startingPriceLabel: 'Starting Price',
  sortByLabel: 'Sort by',
  sortOptions: [
    { label: 'Price low to high', sort: 'startingPrice', order: 'asc' },
    { label: 'Price high to low', sort: 'startingPrice', order: 'desc' },
    { label: 'Latest Hotels', sort: 'created_at', order: 'desc' },
    { label: 'Oldest Hotels', sort: 'created_at', order: 'asc' },
  ],
  applyFilters: 'Apply filters',
  clearFilters: 'Clear filters',
  roomCategoryTitle: 'Room category',
  roomLabel: 'Room',
  apartmentLabel: 'Apartment',
  bedTypeLabel: 'Bed type',
  furnishedLabel: 'Furnished',
  kitchenLabel: 'Kitchen',
  pricePerNightLabel: 'Price per night',
  searchRooms: 'Search rooms',
  viewLink: 'View',
  bookLink: 'Book',
  startingFrom: 'Starting from',
  phoneLabel: 'Phone',
  available: (label: string) => `${label} available`,
  notAvailable: (label: string) => `${label} not available`,
  thumbnailOf: (hotelName: string, index: number) => `${hotelName} photo ${index}`,

  // hotel page
  copyLink: 'Copy link',
  amenitiesTitle: 'Amenities',
  checkInLabel: 'Check-in',
  checkOutLabel: 'Check-out',
  guidelinesTitle: 'Guidelines',
  guidelineTradeName: 'This hotel is serviced under the trade name of "Sunrise Hospitality Services", a third-party partner of Stays.',
  descriptionTitle: 'About this hotel',
  nearbyTitle: 'Places nearby',
  distanceKm: (km: number) => `${km} km`,
  hotelNotFound: 'This hotel could not be found. It may have been removed.',
  loginLink: 'Login',
  roomStandardsTitle: 'Room standards',
  selectRoom: 'Select',
  selectedRoom: 'Selected',
  perNight: 'per guest per night',
  bedLabel: (bedType: string) => `${bedType} bed`,
  sizeSqm: (size: number) => `${size} sq/m`,
  roomsInFlat: (count: number) => `${count} room${count === 1 ? '' : 's'}`,
  bookThisHotel: 'Book this hotel',
  dateMoved: (wished: string, date: string) => `${wished} cannot be booked, so the stay starts on ${date} (stays can start from tomorrow up to a year ahead).`,
  bookBarLabel: 'Book this hotel: starting price',

  // stays by dates (issue #27): the stay's dates, guests and rooms, and what is free for it
  checkOutDate: 'Check-out date',
  /** The date range's calendar and inputs, as one group. */
  stayDatesGroup: 'Stay dates',
  nightsCount: (nights: number) => `${nights} night${nights === 1 ? '' : 's'}`,
  /** The spec's fixed box text ('1 Room, 1 Guest') for any counts. */
  roomsAndGuests: (rooms: number, guests: number) => `${rooms} Room${rooms === 1 ? '' : 's'}, ${guests} Guest${guests === 1 ? '' : 's'}`,
  roomsAndGuestsButton: (rooms: number, guests: number) =>
    `Rooms and guests: ${rooms} Room${rooms === 1 ? '' : 's'}, ${guests} Guest${guests === 1 ? '' : 's'}`,
  invalidStayDate: 'Not a date a stay can start or end on',
  /** A listing's fewest free units for the stay, when few. */
  onlyLeft: (count: number) => `Only ${count} left`,
  availableForDates: 'Available for your dates',
  soldOutForDates: 'Sold out for your dates',
  checkingAvailability: 'Checking availability…',
  availabilityUnknown: 'Availability could not be checked. You can still try to book.',
  freeFrom: (date: string) => `Free again for as many nights from ${date}.`,
  noFreeDatesAhead: 'No later dates free for as many nights.',
  moveStayTo: (date: string) => `Check in on ${date} instead`,
  /** The price of the whole stay on a search card: the lowest payable amount, its nights. */
  stayPrice: (amount: string, nights: number) => `${amount} for ${nights} night${nights === 1 ? '' : 's'}`,
  stayPriceCaption: 'Your stay from',
  /** A hotel page's room card for the chosen stay: what this room costs for all of it. */
  roomStayPriceCaption: 'Your stay',
  tooManyGuests: (guests: number, sleeps: number) => `${guests} guests do not fit: the rooms chosen sleep at most ${sleeps}. Add rooms or choose another room.`,
  roomSleeps: (guests: number) => `Sleeps ${guests} a unit`,
  maxGuestsLabel: 'Guests per unit',
  maxGuestsHelper: (bedDefault: number) => `1 to 20; left empty, what the beds sleep (${bedDefault})`,
  checkOutColumn: 'Check-out Date',
  checkOutDetail: 'Date of check-out',

  // booking page
  bookHotelTitle: (hotelName: string) => `Book ${hotelName}`,
  bookingDetailsTitle: 'Enter your details',
  fullNameLabel: 'Full name',
  countryCodeLabel: 'Country code',
  mobileNumberLabel: 'Mobile number',
  sendOtp: 'Send OTP',
  otpLabel: 'OTP',
  verify: 'Verify',
  verified: 'Verified',
  /** When the server gave no reason (it always does today): an OTP could not be sent, or checked. */
  otpSendFailed: 'The OTP could not be sent. Please try again.',
  otpVerifyFailed: 'The OTP could not be checked. Please try again.',
  paymentTitle: 'Payment',
  roomTypeLabel: 'Room type',
  chooseRoomType: 'Choose room type',
  roomStandardLabel: 'Room standard',
  chooseRoomStandard: 'Choose room standard',
  guestsLabel: 'Guests',
  roomsLabel: 'Rooms',
  nightsLabel: 'Nights',
  priceBreakdownTitle: 'Price breakdown',
  /** The room price is per guest (spec section 9: the total multiplies it by guests, and by rooms for a Room). */
  roomPriceLabel: (roomType: 'Room' | 'Flat') => (roomType === 'Flat' ? 'Price per guest per night' : 'Price per guest per room per night'),
  /** The displayed tax is not added to the total: it is part of the room price. */
  taxLabel: 'Taxes and fees (included in the price)',
  totalLabel: 'Total',
  /** How the total is made: "₹5,000 × 2 guests × 1 room × 3 nights". */
  totalFormula: (price: string, guests: number, rooms: number | null, nights: number) =>
    [
      price,
      `${guests} guest${guests === 1 ? '' : 's'}`,
      ...(rooms === null ? [] : [`${rooms} room${rooms === 1 ? '' : 's'}`]),
      `${nights} night${nights === 1 ? '' : 's'}`,
    ].join(' × '),
  instantDiscountLabel: 'Instant discount (20%)',
  payableLabel: 'Payable amount',
  cardsTab: 'Cards',
  netBankingTab: 'Net banking',
  upiTab: 'UPI',
  cardNumberLabel: 'Card number',
  nameOnCardLabel: 'Name on card',
  expiryMonthLabel: 'Expiry month',
  expiryYearLabel: 'Expiry year',
  cvvLabel: 'CVV',
  payAmount: (amount: string) => `Pay ${amount}`,
  chooseBankLabel: 'Choose your bank',
  chooseUpiLabel: 'Choose your UPI app',
  upiIdLabel: 'UPI ID',
  onlinePaymentNotice: 'Online payment is not available yet. Please choose Pay at hotel.',
  back: 'Back',
  book: 'Book',
  booking: 'BOOKING...',
  confirmBookingTitle: 'Confirm your booking',

  // profile
  changeProfileImage: 'Change profile image',
  update: 'Update',
  updating: 'UPDATING...',
  bookHotel: 'BOOK HOTEL',
  deleteAccount: 'Delete Account',
  signOut: 'Sign Out',
  downloadMyData: 'Download my data',
  downloadMyDataHint: 'A copy of everything Stays holds about you, as a JSON file.',
  downloadMyDataFailed: 'Your data could not be downloaded. Please try again.',
  confirmDeleteAccount: 'Delete your account? This cannot be undone.',
  cancel: 'Cancel',

  // bookings
  bookingColumns: {
    bookingID: 'Booking ID',
    hotelName: 'Hotel Name',
    hotelAddress: 'Hotel Address',
    totalAmount: 'Total Amount',
    dateOfCommencement: 'Commencement Date',
    paymentStatus: 'Payment Status',
    invoice: 'Invoice',
  },
  bookingDetail: {
    bookingID: 'Booking ID',
    hotelName: 'Hotel',
    address: 'Address',
    dateOfBooking: 'Date of booking',
    dateOfCommencement: 'Date of commencement',
    numberOfNights: 'Nights',
    numberOfGuests: 'Guests',
    numberOfRooms: 'Rooms',
    roomType: 'Room type',
    roomStandard: 'Room standard',
    totalAmount: 'Total amount',
    discount: 'Discount',
    status: 'Status',
    paymentStatus: 'Payment',
  },
  downloadInvoice: 'Download invoice',
  invoicePending: 'Invoice on its way',
  /** Where a cancelled stay's invoice would be: nothing is owed for it. */
  noInvoiceCancelled: 'None: the stay was cancelled',
  backToList: 'Back to list',
  cancelBooking: 'Cancel booking',
  confirmCancelBooking: 'Cancel this booking?',
  keepBooking: 'Keep booking',
  cancelled: 'Cancelled',
  noBookings: 'No bookings yet.',
  cancelFailed: 'An error occurred while cancelling the booking.',

  // owner area: page titles and address labels
  addHotelTitle: 'ADD HOTEL',
  addRoomTitle: 'ADD ROOM',
  ownerRoomsTitle: '(Rooms)',
  updateRoomTitle: 'UPDATE ROOM',
  ownerBookingsTitle: 'NEW BOOKINGS',
  /** The owner's arrivals view over their bookings: phases, payment, search. */
  arrivals: {
    phaseLabel: 'Show',
    all: 'All',
    phases: { 'arriving-today': 'Arriving today', 'in-house': 'In house', upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' },
    withCount: (label: string, count: number) => `${label} (${count})`,
    paymentLabel: 'Payment',
    payments: { any: 'Paid and unpaid', paid: 'Paid', unpaid: 'Unpaid' },
    searchLabel: 'Find a booking',
    searchPlaceholder: 'Booking ID or guest name',
    showing: (shown: number, total: number) => `${shown} of ${total} booking${total === 1 ? '' : 's'}`,
    noneMatch: 'No booking matches these filters.',
  },
  cityStateLabel: 'City and state',
  countryLabel: 'Country',

  // ---- owner screens ----
  // owner profile
  addHotel: 'ADD HOTEL',
  addRooms: 'ADD ROOMS',
  updateHotel: 'UPDATE HOTEL',
  updatingHotel: 'UPDATING',
  roomsData: "ROOM's DATA",
  yourHotelButton: 'YOUR HOTEL',
  newBookings: 'NEW BOOKINGS',
  ownerUpdate: 'UPDATE',
  ownerNoHotelYet: 'Add your hotel to manage rooms and bookings.',
  addFirstRoomWhy: 'Your hotel is saved. Guests find it in searches once it has a room or an apartment: add the first one here.',
  ownerAreaTitle: 'Your hotel',
  // hotel form
  hotelNameLabel: 'Hotel name',
  descriptionLabel: 'Description',
  addressLabel: 'Address',
  stateLabel: 'State (optional)',
  cityLabel: 'City',
  pinCodeLabel: 'PIN code',
  hotelPhoneLabel: 'Phone number (10 digits)',
  hotelAmenitiesLabel: 'Amenities (comma separated, e.g. Free WiFi, AC, Parking)',
  startingPriceInputLabel: 'Starting price (₹)',
  checkInTimeLabel: 'Check-in time',
  checkOutTimeLabel: 'Check-out time',
  charactersRange: (min: number, max: number) => `${min} to ${max} characters`,
  nearbyPlacesTitle: 'Nearby places (optional)',
  placeNameLabel: (kind: string) => `${kind}: name`,
  placeDistanceLabel: (kind: string) => `${kind}: distance in km`,
  placeTypeLabel: 'Transportation: type (e.g. Airport, Railway Station, Metro)',
  addPlace: (kind: string) => `Add to ${kind}`,
  removePlace: (name: string) => `Remove ${name}`,
  placeNameRequired: 'Enter the name of the place',
  placeTypeRequired: 'Enter the type of transportation',
  placeDistanceMax: (km: number) => `The distance must be at most ${km} km`,
  placeDistanceMinOnUpdate: (km: number) => `A new place must be at least ${km} km away`,
  noPlacesYet: 'None added',
  hotelImagesLabel: 'Hotel images (5 to 10)',
  uploadImagesButton: 'UPLOAD IMAGES',
  imagesReady: (count: number) => `${count} new image${count === 1 ? '' : 's'} ready`,
  chooseImages: 'Choose images…',
  imagesChosen: (count: number) => `${count} image${count === 1 ? '' : 's'} chosen`,
  browseImages: 'Browse',
  dropImagesHint: 'Drop images here, or browse your device',
  chosenImage: (index: number) => `Chosen image ${index}`,
  currentImagesTitle: 'Current images',
  newImagesTitle: 'New images',
  removeImage: (index: number) => `Remove image ${index}`,
  imageNumber: (index: number) => `Image ${index}`,
  newImagesReplace: 'The new images replace all current images when you save.',
  removedImagesNeedNew: 'Removed images are only taken away when you upload 5 to 10 new images, which replace the current ones.',
  createHotelButton: 'ADD HOTEL',
  addingHotel: 'ADDING...',
  // room forms and list
  roomStandardInputLabel: 'Room standard (e.g. standard, luxury, economic)',
  roomAmenitiesLabel: 'Amenities (space separated, e.g. Free WiFi AC TV Massage)',
  roomSizeLabel: 'Room size (sq/m)',
  numberOfRoomsLabel: 'Number of rooms in the apartment',
  totalUnitsLabel: 'How many identical units of this listing the hotel has',
  totalUnitsShort: 'Identical units',
  roomImagesLabel: 'Room images (1 or 2)',
  uploadButton: 'Upload',
  addRoomButton: 'ADD ROOM',
  addingRoom: 'ADDING...',
  roomUpdatedNotice: 'Room is updated successfully!',
  roomUpdateHeading: (standard: string, type: string) => `${standard} (${type})`,
  numberOfRoomsShort: 'Number of rooms',
  sizeLabel: 'Size',
  typeLabel: 'Type',
  noRoomsYet: 'No rooms yet. Add your first room or apartment.',
  // owner bookings
  customerLabel: 'Guest',
  customerPhoneLabel: 'Guest phone',
  totalAmountLabel: 'Total amount',
  discountLabel: 'Discount',
  amountToCollect: 'Amount after discount',
  markPaid: 'Mark as paid',
  markingPaid: 'SAVING...',
  markPaidFailed: 'An error occurred while recording the payment.',
  // profile: confirming an email or password change
  currentPasswordLabel: 'Current password (needed to change email or password)',
  confirmWithGoogleHint: 'Signed up with Google? Confirm with Google instead of a password.',
  confirmWithGoogle: 'CONFIRM WITH GOOGLE',
  confirmWithGoogleOnlyHint: 'You sign in with Google: confirm the change with Google.',
  confirmedWithGoogle: 'Confirmed with Google',
} as const;

/** Texts the server sends in `message` (the spec shows the client printing them). */
export const server = {
  customerRegistered: 'User registered successfully!',
  ownerRegistered: 'Hotel owner registered successfully!',
  signedIn: 'Signed in successfully!',
  signedOut: 'Signed out successfully!',
  accountDeleted: 'Account deleted successfully!',
  profileUpdated: ui.userUpdated,
  hotelIdFound: 'Hotel id found',
  noHotelYet: 'No hotel yet',
  ok: 'OK',

  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  signInRequired: 'Please sign in to continue',
  sessionInvalid: 'Your session has expired or is invalid. Please sign in again.',
  forbidden: 'You are not allowed to do this',
  wrongRole: (role: string) => `This action needs a ${role} account`,
  notFound: 'Not found',
  routeNotFound: 'No such endpoint',
  methodNotAllowed: 'Method not allowed',
  malformedJson: 'The request body is not valid JSON',
  unreadableRequest: 'The request could not be read as HTTP',
  requestHeadersTooLarge: "The request's address and headers are too large",
  requestTimedOut: 'The request was not received in time',
  payloadTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  notAnImage: 'Only image files are allowed',
  imageTooLarge: (megabytes: number) => `Each image must be at most ${megabytes} MB`,
  imageTooManyPixels: (megapixels: number, bitsPerChannel: number) =>
    bitsPerChannel <= 8
      ? `Each image must be at most ${megapixels} megapixels`
      : `Each image with ${bitsPerChannel} bits per channel must be at most ${megapixels} megapixels (save it with 8 bits per channel, or smaller)`,
  profileImageRequired: 'Profile image is required.',
  oneProfileImage: 'Send one profile image.',
  /** A field's problem in plain words (`validation.problem`): "Password must be at least 8 characters." */
  invalidField: (field: string, reason: string) => validation.problem(field, reason),
  googleNotConfigured: ui.googleNotConfigured,
  googleCredentialInvalid: 'Google sign-in failed: the credential could not be verified',
  googleUnreachable: "Google's keys could not be fetched to check the sign-in. Please try again in a minute.",
  googleEmailUnverified: 'Google sign-in failed: the Google account email is not verified',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  busy: 'The server is busy with a conflicting change. Please try again.',
  internalError: 'Something went wrong on our side. Please try again.',

  // reading one's own write (X-Min-Position)
  minPositionInvalid: 'X-Min-Position: must be a whole number, the X-Commit-Position a write answered',
  minPositionBeyondLog: 'X-Min-Position: the event log has not reached this position; send the X-Commit-Position a write answered',

  // the notary's key, signed tree heads and proofs (audit/log/...)
  notaryPublicKey: 'The notary public key (Ed25519, JWK)',
  notaryNotStarted: 'The notary has not started yet. Please try again shortly.',
  personalDataUnavailable: 'Personal data cannot be read right now. Please try again shortly.',
  treeHeadFound: 'Latest signed tree head',
  treeHeadsFound: 'Signed tree heads',
  noTreeHeadYet: 'The notary has not signed a tree head yet. Please try again shortly.',
  inclusionProof: 'Inclusion proof (RFC 9162 2.1.3)',
  consistencyProof: 'Consistency proof (RFC 9162 2.1.4)',
  leafIndexBeyondTree: 'leafIndex: must be less than treeSize',
  treeSizeBeyondLog: (field: string, size: number) => `${field}: the notarised log has ${size} events; ask for a tree of at most that size`,
  firstAfterSecond: 'first: must not be greater than second',
  // the read models' versions (audit/read-models)
  readModelsFound: 'Read models and their versions',

  // hotels and rooms
  hotelCreated: 'Hotel created successfully!',
  hotelUpdated: 'Hotel updated successfully!',
  hotelFound: 'Hotel found',
  hotelsFound: 'Hotels found',
  hotelExists: 'You already have a hotel. An owner can list one hotel only.',
  hotelNotFound: 'Hotel not found',
  notYourHotel: 'This hotel belongs to another owner',
  roomAdded: 'Room added successfully!',
  roomUpdated: 'Room updated successfully!',
  roomFound: 'Room found',
  roomsFound: 'Rooms found',
  availabilityFound: 'Availability for your stay',
  roomNotFound: 'Room not found',
  roomListingExists: (roomType: string, roomStandard: string) =>
    `This hotel already has a ${roomType === 'Flat' ? 'Apartment' : 'Room'} listing of standard '${roomStandard}'`,
  flatOnly: 'applies only to an apartment (Flat)',

  // booking
  otpSent: ui.otpSent,
  otpVerified: 'Email and mobile number verified',
  otpResendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for a new OTP`,
  otpInvalid: 'The OTP is wrong or has expired',
  otpNotSent: 'We could not send your OTP just now. Please try again in a few seconds.',
  otpExhausted: 'Too many wrong tries. Please ask for a new OTP.',
  contactNotVerified: 'Please verify your email and mobile number with an OTP before booking',
  bookingPlaced: 'Hotel booked successfully!',
  bookingsFound: 'Bookings found',
  noRoomOfThatKind: 'This hotel has no room of that type and standard',
  soldOut: (night: string) => `No room of this kind is free on ${night}. Please choose other dates.`,
  tooManyGuests: (holds: number) => `At most ${holds} ${holds === 1 ? 'guest fits' : 'guests fit'} in what you are booking: book more rooms, or another room.`,
  notYourBooking: 'This booking belongs to someone else',
  bookingNotFound: 'Booking not found',
  bookingCancelled: 'Booking cancelled',
  bookingAlreadyStarted: 'This stay has already started and can no longer be cancelled',
  bookingMarkedPaid: 'Payment recorded',

  // booking bounds, OTP limits, delisted hotels, paid bookings
  otpTooManyTriesToday: 'Too many wrong OTP tries for this email and mobile number today. Please try again tomorrow.',
  otpTooManyTriesForAccount: 'Too many wrong OTP tries from your account today. Please try again tomorrow.',
  otpTooManyCodesToday: (max: number) => `You can ask for at most ${max} OTPs for one email and mobile number a day. Please try again tomorrow.`,
  tooManyOtpTriesFromNetwork: (seconds: number) => `Too many wrong OTP tries from your network. Please wait ${seconds} seconds and try again.`,
  otpTooManyContacts: (max: number) => `You can ask for OTPs for at most ${max} different emails and mobile numbers a day. Please try again tomorrow.`,
  tooManyUpcomingBookings: (max: number) => `You already have ${max} upcoming bookings. Cancel one, or book again once a stay is over.`,
  hotelDelisted: 'This hotel is no longer listed and cannot be booked',
  paidBookingNotCancellable: 'This booking is already paid and can no longer be cancelled online. Please contact the hotel.',

  // accounts: confirming email and password changes, sign-in and sign-up throttles
  currentPasswordNeeded: 'is needed to change your email or password',
  currentPasswordWrong: 'Your current password is not correct',
  googleConfirmationNeeded: 'is needed: this account signs in with Google, so confirm with Google to change its email or password',
  googleConfirmationInvalid: 'Google could not confirm that it is you. Please try again.',
  googleConfirmationOtherAccount: 'Please confirm with the Google account this account signs in with',
  googleConfirmationStale: (minutes: number) => `Please confirm with Google again: a confirmation counts for ${minutes} minutes`,
  tooManySignIns: (seconds: number) => `Too many failed sign-ins. Please wait ${seconds} seconds and try again.`,
  tooManySignUps: (seconds: number) => `Too many sign-ups from your network. Please wait ${seconds} seconds and try again.`,
  passwordWorkBusy: 'The server is busy with other sign-ins. Please try again in a moment.',
  imageWorkBusy: 'The server is busy with other images. Please try again in a moment.',
  // a copy of the caller's data
  exportBusy: 'Many copies of data are being prepared right now. Please try again in a moment.',

  // auditors
  auditorExists: 'An auditor with this email already exists',
  auditHistoryFound: 'Booking history',
  auditAsOfFound: 'The booking as it stood then',
  auditRecordsFound: 'Log records',
  occupancyFound: 'Occupancy and revenue',
} as const;

/** How a cancellation policy reads on the hotel page, the booking page, the emails and the invoice (cancellation-policy.ts). */
export const cancellationPolicy = {
  heading: 'Cancellation policy',
  freePeriod: (daysBefore: number) =>
    daysBefore === 1 ? 'Free cancellation until the day before check-in.' : `Free cancellation until ${daysBefore} days before check-in.`,
  lateFirstNight: 'After that, cancelling costs the first night.',
  latePercentage: (percent: number) => `After that, cancelling costs ${percent}% of the stay.`,
  /** For one booking: the last free day and what a later cancellation costs. */
  freeUntilDate: (date: string) => `Free cancellation until the end of ${date} (India time).`,
  lateChargeAmount: (amount: string) => `After that, cancelling costs ${amount}.`,
  /** The server's answer once the owner set a policy. */
  saved: 'Cancellation policy saved',
  // the owner's form
  formIntro: 'Bookings made from now on follow this policy; bookings already made keep the policy they were made under.',
  freeUntilLabel: 'Free cancellation until (days before check-in)',
  lateChargeLabel: 'After that, cancelling costs',
  firstNightOption: 'The first night',
  percentageOption: 'A percentage of the stay',
  percentLabel: 'Percent of the stay charged (1 to 100)',
  saveButton: 'Save cancellation policy',
  badDays: (min: number, max: number) => `Free cancellation until: enter a whole number of days from ${min} to ${max}.`,
  badPercent: (min: number, max: number) => `Percent of the stay charged: enter a whole number from ${min} to ${max}.`,
  saveFailed: 'An error occurred while saving the cancellation policy.',
  // the guest's cancel dialog and booking
  cancelFreeNow: 'Cancelling now is free.',
  cancelCostsNow: (amount: string) => `Cancelling now costs ${amount}, payable to the hotel, under the policy this booking was made under.`,
  chargeLabel: 'Cancellation charge',
  noCharge: 'None (free cancellation)',
} as const;

/** Forgotten passwords: the reset link's request, its email and the reset page (not in the spec: ours). */
export const passwordReset = {
  forgotPasswordLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the email of your account and we will send you a link to choose a new password.',
  sendLink: 'SEND LINK',
  sendingLink: 'SENDING...',
  /** The answer to every request for a link, whether or not an account has the email. */
  linkSentIfAccount: (minutes: number) => `If an account exists for that email, we have sent a link to reset the password. It works for ${minutes} minutes.`,
  resetTitle: 'Choose a new password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  passwordRules: (min: number, max: number) => `${min} to ${max} characters.`,
  passwordsDiffer: 'The two passwords are not the same.',
  setPassword: 'SET PASSWORD',
  settingPassword: 'SAVING...',
  askNewLink: 'Ask for a new link',
  backToSignIn: 'Back to sign in',
  noTokenInLink: 'This page needs the link from the email. Please open the link again, or ask for a new one.',
  resetFailed: 'The password could not be reset. Please try again.',
  /** Answers of the reset call. */
  passwordWasReset: 'Your password has been reset. Please sign in with your new password.',
  linkInvalid: 'This link is not valid. Please check that you opened the whole link from the email, or ask for a new one.',
  linkExpired: (minutes: number) => `This link has expired: links work for ${minutes} minutes. Please ask for a new one.`,
  linkUsed: 'This link has already been used. If you need to reset your password again, please ask for a new link.',
  linkReplaced: 'A newer link has been sent since this one. Please use the link in the latest email, or ask for a new one.',
  tooManyRequests: (seconds: number) => `Too many requests for a reset link. Please wait ${seconds} seconds and try again.`,
  tooManyTries: (seconds: number) => `Too many tries with links that do not work. Please wait ${seconds} seconds and try again.`,
  /** The email. */
  emailSubject: 'Reset your Stays password',
  emailGreeting: (name: string) => `Dear ${name},`,
  emailIntro: 'Someone, hopefully you, asked to reset the password of your Stays account. To choose a new password, open this link:',
  emailButton: 'Choose a new password',
  emailValidity: (minutes: number) => `The link works once, for ${minutes} minutes. Asking for another link makes this one stop working.`,
  emailIgnore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  googleEmailSubject: 'Signing in to Stays',
  googleEmailIntro: 'Someone, hopefully you, asked to reset the password of your Stays account. Your account has no password: it signs in with Google.',
  googleEmailAction: 'To sign in, choose "Continue with Google" on the sign-in page:',
} as const;

/** The emails about a booking (command-service/src/reactors/emails/): subjects, headings, labels and sentences. */
export const emails = {
  signOff: 'Stays',
  automatic: 'This email was sent by Stays. Please do not reply to it.',
  greeting: (name: string) => (name === '' ? 'Dear guest,' : `Dear ${name},`),
  labels: {
    bookingID: 'Booking ID',
    hotel: 'Hotel',
    address: 'Address',
    phone: 'Phone',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    nights: 'Nights',
    guests: 'Guests',
    rooms: 'Rooms',
    listing: 'Listing',
    guest: 'Guest',
    total: 'Total',
    discount: 'Discount',
    payable: 'Payable at the hotel',
    cancelledOn: 'Cancelled on',
    charge: 'Cancellation charge',
    refund: 'Refund',
  },
  checkInAt: (date: string, time: string) => (time === '' ? date : `${date}, from ${time}`),
  checkOutAt: (date: string, time: string) => (time === '' ? date : `${date}, by ${time}`),
  /** A guest whose personal data was erased, as the owner's emails name them. */
  erasedGuest: 'A guest (their details were erased)',
  policyHeading: 'Cancellation policy',
  confirmation: {
    subject: (bookingID: string, hotel: string) => `Booking confirmed: ${bookingID} at ${hotel}`,
    heading: 'Your booking is confirmed',
    intro: (bookingID: string, hotel: string, city: string) => `Your booking ${bookingID} at ${hotel}, ${city} is confirmed. You pay at the hotel.`,
    invoice: 'Your invoice is attached.',
    link: 'See your bookings',
  },
  guestCancellation: {
    subject: (bookingID: string, hotel: string) => `Booking cancelled: ${bookingID} at ${hotel}`,
    heading: 'Your booking is cancelled',
    intro: (bookingID: string, hotel: string, city: string) => `Your booking ${bookingID} at ${hotel}, ${city} is cancelled.`,
    free: 'Under the policy of your booking this cancellation is free.',
    charged: (charge: string) => `Under the policy of your booking this cancellation costs ${charge}, payable to the hotel.`,
    link: 'See your bookings',
  },
  ownerNewBooking: {
    subject: (bookingID: string, hotel: string) => `New booking ${bookingID} at ${hotel}`,
    heading: 'You have a new booking',
    intro: (bookingID: string, hotel: string) => `Booking ${bookingID} was placed at ${hotel}. The guest pays at the hotel.`,
    link: "See your hotel's bookings",
  },
  ownerCancellation: {
    subject: (bookingID: string, hotel: string) => `Booking ${bookingID} at ${hotel} was cancelled`,
    heading: 'A booking was cancelled',
    intro: (bookingID: string, hotel: string) => `The guest cancelled booking ${bookingID} at ${hotel}. Its nights are free to book again.`,
    link: "See your hotel's bookings",
  },
} as const;

/**
 * Validation messages (docs/spec-choices.md, decision 0027): the field as the web client's
 * form labels it, then what is wrong with it, as a sentence: "Password must be at least 8
 * characters." A reason is the phrase that follows the label; a reason that starts with a
 * capital letter is a whole sentence and is the message as it is. The spec gives no server
 * validation text; its client-side texts ('Email and password are required.', the image
 * counts) stay verbatim in `ui`.
 */
const placeKinds = [
  ['restaurants', ui.nearbyTabs.restaurants],
  ['cinemaHalls', ui.nearbyTabs.cinemaHalls],
  ['famousTouristPlaces', ui.nearbyTabs.famousTouristPlaces],
  ['transportationFacilities', 'Transportation'],
] as const;

/** Request fields by name, as the forms label them; a nested field by its path without list positions ('restaurants.distance'). */
const fieldLabels: Readonly<Record<string, string>> = {
  body: 'The request body',
  request: 'The request',
  // accounts
  email: ui.emailLabel,
  password: ui.passwordLabel,
  username: ui.usernameLabel,
  name: ui.nameLabel,
  currentPassword: 'Current password',
  googleCredential: 'Google confirmation',
  credential: 'Google sign-in',
  removeProfileImage: ui.removeProfileImage,
  // hotel form
  hotelName: ui.hotelNameLabel,
  description: ui.descriptionLabel,
  address: ui.addressLabel,
  country: ui.countryLabel,
  state: 'State',
  city: ui.cityLabel,
  pinCode: ui.pinCodeLabel,
  phoneNumber: 'Phone number',
  amenities: ui.amenitiesTitle,
  startingPrice: 'Starting price',
  checkInTime: ui.checkInTimeLabel,
  checkOutTime: ui.checkOutTimeLabel,
  ...Object.fromEntries(
    placeKinds.flatMap(([key, kind]) => [
      [key, kind],
      [`${key}.name`, ui.placeNameLabel(kind)],
      [`${key}.distance`, ui.placeDistanceLabel(kind)],
      [`${key}.type`, `${kind}: type`],
    ]),
  ),
  // room forms
  roomType: ui.roomTypeLabel,
  roomStandard: ui.roomStandardLabel,
  size: 'Room size',
  bedType: ui.bedTypeLabel,
  pricePerNight: ui.pricePerNightLabel,
  hasKitchen: ui.kitchenLabel,
  furnished: ui.furnishedLabel,
  totalUnits: ui.totalUnitsShort,
  maxGuests: ui.maxGuestsLabel,
  // booking page
  customerName: ui.fullNameLabel,
  customerEmail: ui.emailLabel,
  customerPhoneNumber: ui.mobileNumberLabel,
  otp: ui.otpLabel,
  numberOfRooms: ui.roomsLabel,
  numberOfGuests: ui.guestsLabel,
  numberOfNights: ui.nightsLabel,
  dateOfCommencement: ui.checkInDate,
  dateOfBooking: 'Date of booking',
  // stay and search
  checkIn: ui.checkInDate,
  checkOut: ui.checkOutDate,
  nights: ui.nightsLabel,
  rooms: ui.roomsLabel,
  guests: ui.guestsLabel,
  searchTerm: ui.searchButton,
  minPrice: ui.minPriceLabel,
  maxPrice: ui.maxPriceLabel,
  sort: ui.sortByLabel,
};

/** 'hotelID' → 'Hotel ID', 'leafIndex' → 'Leaf index': a field no form shows. */
const wordsOf = (key: string): string => {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word, index) => (/^[A-Z]+$/.test(word) && word.length > 1 ? word : index === 0 ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The label of a field path ('restaurants.0.distance'): the nested label, else its first part's, else its name in words. */
const labelOf = (field: string, labels: Readonly<Record<string, string>>): string => {
  const parts = field.split('.').filter((part) => part !== '' && !/^\d+$/.test(part));
  if (parts.length === 0) return labels['body'] ?? fieldLabels['body']!;
  return labels[parts.join('.')] ?? labels[parts[0]!] ?? wordsOf(parts.at(-1)!);
};

const list = (options: readonly string[]): string => (options.length < 2 ? options.join('') : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`);

export const validation = {
  labels: fieldLabels,
  /** The owner sign-up form's own labels (its profile form uses the common ones). */
  ownerSignUpLabels: { name: ui.ownerNameLabel, email: ui.ownerEmailLabel },
  /** The room forms' own labels. */
  roomLabels: { numberOfRooms: ui.numberOfRoomsShort },

  /** The message for `reason` about `field`, labelled with `labels` (the common labels when not given). */
  problem: (field: string, reason: string, labels: Readonly<Record<string, string>> = fieldLabels): string =>
    /^[A-Z]/.test(reason) ? reason : `${labelOf(field, labels)} ${reason}.`,

  // reasons: each follows the field's label
  required: 'is required',
  notText: 'must be text',
  notNumber: 'must be a number',
  notList: 'must be a list',
  notObject: 'must be a set of fields (a JSON object or a form)',
  notTrueOrFalse: 'must be true or false',
  notValid: 'is not valid',
  notEmail: 'is not a valid email address',
  notExpected: 'is not expected here',
  atLeastCharacters: (min: number) => `must be at least ${min} characters`,
  atMostCharacters: (max: number) => `must be at most ${max} characters`,
  charactersBetween: (min: number, max: number) => `must be ${min} to ${max} characters long`,
  atLeast: (min: number) => `must be at least ${min}`,
  atMost: (max: number) => `must be at most ${max}`,
  numberBetween: (min: number, max: number, whole: boolean) => `must be a ${whole ? 'whole number' : 'number'} from ${min} to ${max}`,
  atLeastItems: (min: number) => `must have at least ${min} ${min === 1 ? 'item' : 'items'}`,
  atMostItems: (max: number) => `must have at most ${max} items`,
  oneOf: (options: readonly string[]) => `must be ${list(options)}`,
  controlCharacters: 'must not contain control characters or line breaks',
  controlCharactersMultiLine: 'must not contain control characters',
  invisibleCharacters: 'must not contain invisible characters',
  time: 'must be a time written as HH:MM, e.g. 14:00',
  date: 'must be a date written as YYYY-MM-DD',
  isoTime: 'must be a date and time written as ISO 8601, e.g. 2025-01-31T10:00:00Z',
  digitsBetween: (min: number, max: number) => `must be a number of ${min} to ${max} digits`,
  digits: (count: number) => `must be ${count} digits`,
  placeWithoutName: 'is required for a place without a name',
  placeList: 'must be a list of places',
  atMostPlaces: (max: number) => `must have at most ${max} places`,
  newPlaceAtLeastKm: (km: number) => `must be at least ${km} km for a new place`,
  phoneText: 'must be digits, with spaces, dashes or brackets if you like',
  internationalPhone: 'must be a known dial code and a number of 9 to 12 digits (15 digits at most in all), e.g. +91 9822012345',
  anyPhone: 'must be a number of 9 to 12 digits, with or without a known dial code',
  notALink: 'must be a name, without links or web addresses',
  checkOutNights: (max: number) => `must be 1 to ${max} nights after the check-in date`,
  nightsDoNotMatch: 'do not match the check-in and check-out dates: send nights or a check-out date, not both',
  oneForAFlat: 'must be 1: an apartment (Flat) is booked whole',
  severalRoomsFlatOnly: 'Only an apartment (Flat) has a number of rooms: a Room has one.',
  checkInDateOutOfRange: (horizonDays: number) => `Choose a check-in date from tomorrow up to ${horizonDays === 365 ? 'a year' : `${horizonDays} days`} ahead.`,
  tooManyFiles: (max: number) => `Send at most ${max} ${max === 1 ? 'file' : 'files'}.`,
} as const;

/** Recording a pay-at-hotel payment after a confirmation, and undoing it within `limits.paymentUndoMinutes` (the owner's bookings). */
export const paymentUndo = {
  // the server's answers
  paymentUndone: 'Payment record undone: the booking is unpaid again',
  notPaid: 'This booking has no payment recorded, so there is nothing to undo',
  windowOver: (minutes: number) => `A recorded payment can be undone only within ${minutes} minutes. This one is final.`,
  // the owner's card
  confirmTitle: 'Record the payment?',
  confirmText: (amount: string, bookingID: string) => `Record the payment of ${amount} for booking ${bookingID}?`,
  confirmHint: (minutes: number) => `You can undo it for ${minutes} minutes.`,
  confirm: 'Record payment',
  undo: 'Undo',
  undoing: 'UNDOING...',
  timeLeft: (left: string) => `${left} left to undo`,
  undoneNotice: (bookingID: string) => `Payment record of ${bookingID} undone: it is pending again.`,
  undoFailed: 'An error occurred while undoing the payment record.',
} as const;
