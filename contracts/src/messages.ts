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
  payloadTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  notAnImage: 'Only image files are allowed',
  imageTooLarge: (megabytes: number) => `Each image must be at most ${megabytes} MB`,
  profileImageRequired: 'profileImage: a profile image is required',
  oneProfileImage: 'profileImage: send one profile image',
  invalidField: (field: string, reason: string) => `${field}: ${reason}`,
  nothingToUpdate: 'Nothing to update',
  passwordSignInUnavailable: 'This account signs in with Google',
  googleNotConfigured: ui.googleNotConfigured,
  googleCredentialInvalid: 'Google sign-in failed: the credential could not be verified',
  googleEmailUnverified: 'Google sign-in failed: the Google account email is not verified',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  busy: 'The server is busy with a conflicting change. Please try again.',
  internalError: 'Something went wrong on our side. Please try again.',

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
  roomNotFound: 'Room not found',
  roomListingExists: (roomType: string, roomStandard: string) =>
    `This hotel already has a ${roomType === 'Flat' ? 'Apartment' : 'Room'} listing of standard '${roomStandard}'`,
  flatOnly: 'applies only to a Flat',

  // booking
  otpSent: ui.otpSent,
  otpVerified: 'Email and mobile number verified',
  otpResendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for a new OTP`,
  otpInvalid: 'The OTP is wrong or has expired',
  otpExhausted: 'Too many wrong tries. Please ask for a new OTP.',
  contactNotVerified: 'Please verify your email and mobile number with an OTP before booking',
  bookingPlaced: 'Hotel booked successfully!',
  bookingsFound: 'Bookings found',
  noRoomOfThatKind: 'This hotel has no room of that type and standard',
  commencementTooEarly: 'dateOfCommencement: the stay can start tomorrow at the earliest',
  soldOut: (night: string) => `No room of this kind is free on ${night}. Please choose other dates.`,
  notYourBooking: 'This booking belongs to someone else',
  bookingNotFound: 'Booking not found',
  bookingCancelled: 'Booking cancelled',
  bookingAlreadyStarted: 'This stay has already started and can no longer be cancelled',
  bookingMarkedPaid: 'Payment recorded',
} as const;
