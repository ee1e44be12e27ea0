/**
 * Demo data for `npm start` on an empty data directory: twelve hotels in twelve Indian
 * cities, three in each price category, each owned by its own demo owner (one hotel per
 * owner), with two to four rooms and apartments. Pure data: `seed.ts` sends it through
 * the public API exactly as the web client would.
 *
 * Names of hotels and people are invented; landmarks, restaurants, cinemas and stations
 * are the real, well-known ones of each city (distances in km, rounded, at most 30).
 */
import type { BedType, RoomType } from '@stays/contracts';

export const DEMO_PASSWORD = 'stays-demo-2024';
/** The demo auditor (auditors have no sign-up: added straight to the log, as `npm run auditor -- add` does). */
export const DEMO_AUDITOR_EMAIL = 'auditor@stays.demo';

export interface DemoPlace {
  readonly name: string;
  readonly distance: number;
}

export interface DemoTransport extends DemoPlace {
  readonly type: string;
}

export interface DemoListing {
  readonly roomType: RoomType;
  readonly roomStandard: string;
  /** Square metres. */
  readonly size: number;
  readonly bedType: BedType;
  /** One space-joined text, as the add-room form takes it ('Free WiFi AC TV'). */
  readonly amenities: string;
  readonly pricePerNight: number;
  /** Flats only: bedrooms in the apartment. */
  readonly numberOfRooms?: number;
  readonly hasKitchen?: boolean;
  readonly furnished?: boolean;
  readonly totalUnits: number;
}

export interface DemoOwner {
  readonly name: string;
  readonly email: string;
}

export interface DemoHotel {
  readonly owner: DemoOwner;
  readonly hotelName: string;
  readonly description: string;
  /** Comma separated; the first two parts feed the home page suggestions. */
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly country: 'India';
  readonly pinCode: string;
  readonly phoneNumber: string;
  /** Comma separated, as the add-hotel form takes it. */
  readonly amenities: string;
  readonly startingPrice: number;
  readonly checkInTime: string;
  readonly checkOutTime: string;
  readonly restaurants: readonly DemoPlace[];
  readonly cinemaHalls: readonly DemoPlace[];
  readonly famousTouristPlaces: readonly DemoPlace[];
  readonly transportationFacilities: readonly DemoTransport[];
  readonly listings: readonly DemoListing[];
}

export interface DemoGuest {
  readonly username: string;
  readonly name: string;
  readonly email: string;
}

export const demoGuest: DemoGuest = { username: 'ananya.guest', name: 'Ananya Iyer', email: 'guest@stays.demo' };

const owner = (n: number, name: string): DemoOwner => ({ name, email: `owner${n}@stays.demo` });

export const demoHotels: readonly DemoHotel[] = [
  // ── Luxurious (starting price above ₹50,000) ─────────────────────────────────────────
  {
    owner: owner(1, 'Rajesh Malhotra'),
    hotelName: 'The Sagar Darshan Palace',
    description:
      "A sea-facing grand hotel on the Queen's Necklace with Art Deco interiors, a rooftop pool, a spa and butler service, minutes from the Gateway of India and the Fort district.",
    address: '41 Netaji Subhash Road, Marine Drive, Mumbai',
    city: 'Mumbai',
    state: 'Maharashtra',
    country: 'India',
    pinCode: '400020',
    phoneNumber: '9820145678',
    amenities: 'Free WiFi, AC, Parking, TV, Club',
    startingPrice: 55000,
    checkInTime: '14:00',
    checkOutTime: '12:00',
    restaurants: [
      { name: 'Leopold Cafe', distance: 3.5 },
      { name: 'Britannia & Co.', distance: 3 },
      { name: 'Bademiya', distance: 4 },
    ],
    cinemaHalls: [
      { name: 'Regal Cinema', distance: 3.8 },
      { name: 'Eros Cinema', distance: 1.2 },
      { name: 'Maratha Mandir', distance: 6 },
    ],
    famousTouristPlaces: [
      { name: 'Gateway of India', distance: 4 },
      { name: 'Chhatrapati Shivaji Maharaj Terminus', distance: 3 },
      { name: 'Haji Ali Dargah', distance: 7 },
      { name: 'Elephanta Caves', distance: 14 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Churchgate', distance: 1 },
      { type: 'Railway Station', name: 'Mumbai Central', distance: 4.5 },
      { type: 'Airport', name: 'Chhatrapati Shivaji Maharaj International Airport', distance: 24 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Deluxe Sea View',
        size: 42,
        bedType: 'King',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 55000,
        furnished: true,
        totalUnits: 12,
      },
      {
        roomType: 'Room',
        roomStandard: 'Premium',
        size: 55,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 68000,
        furnished: true,
        totalUnits: 8,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Presidential Suite',
        size: 140,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 120000,
        numberOfRooms: 3,
        hasKitchen: true,
        furnished: true,
        totalUnits: 2,
      },
    ],
  },
  {
    owner: owner(2, 'Meenakshi Rathore'),
    hotelName: 'Lake Pichola Raj Mahal',
    description:
      'A restored lakeside palace with marble courtyards, Rajput frescoes and sunset boat rides to Jag Mandir. Candle-lit dining on the ghats and a heritage spa.',
    address: '7 Lal Ghat, Old City, Udaipur',
    city: 'Udaipur',
    state: 'Rajasthan',
    country: 'India',
    pinCode: '313001',
    phoneNumber: '9414023456',
    amenities: 'Free WiFi, AC, Parking, TV, Club',
    startingPrice: 72000,
    checkInTime: '14:00',
    checkOutTime: '11:00',
    restaurants: [
      { name: 'Ambrai', distance: 1.2 },
      { name: 'Upre by 1559 AD', distance: 0.8 },
      { name: 'Natraj Dining Hall', distance: 3 },
    ],
    cinemaHalls: [{ name: 'INOX Celebration Mall', distance: 6.5 }],
    famousTouristPlaces: [
      { name: 'City Palace', distance: 0.6 },
      { name: 'Jag Mandir', distance: 1.5 },
      { name: 'Bagore Ki Haveli', distance: 0.4 },
      { name: 'Sajjangarh Monsoon Palace', distance: 8 },
      { name: 'Saheliyon Ki Bari', distance: 4 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Udaipur City', distance: 4 },
      { type: 'Bus Stand', name: 'Udaipur City Bus Stand', distance: 3 },
      { type: 'Airport', name: 'Maharana Pratap Airport', distance: 22 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Heritage Lake View',
        size: 48,
        bedType: 'King',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 72000,
        furnished: true,
        totalUnits: 10,
      },
      {
        roomType: 'Room',
        roomStandard: 'Royal Suite',
        size: 85,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 95000,
        furnished: true,
        totalUnits: 4,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Maharani Apartment',
        size: 160,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 150000,
        numberOfRooms: 3,
        hasKitchen: true,
        furnished: true,
        totalUnits: 2,
      },
    ],
  },
  {
    owner: owner(3, 'Syed Imran Ali'),
    hotelName: "Nizam's Falaknuma Court",
    description:
      'Old-world Hyderabadi grandeur in Banjara Hills: crystal chandeliers, a library lounge, an infinity pool and a dastarkhwan of biryani and haleem served in the courtyard.',
    address: 'Road No. 12, Banjara Hills, Hyderabad',
    city: 'Hyderabad',
    state: 'Telangana',
    country: 'India',
    pinCode: '500034',
    phoneNumber: '9848022334',
    amenities: 'Free WiFi, AC, Parking, TV, Club, Play Ground',
    startingPrice: 51500,
    checkInTime: '14:00',
    checkOutTime: '12:00',
    restaurants: [
      { name: 'Paradise Biryani', distance: 9 },
      { name: 'Shah Ghouse', distance: 6 },
      { name: 'Cafe Bahar', distance: 5 },
    ],
    cinemaHalls: [
      { name: 'Prasads IMAX', distance: 5.5 },
      { name: 'AMB Cinemas', distance: 9 },
    ],
    famousTouristPlaces: [
      { name: 'Charminar', distance: 11 },
      { name: 'Golconda Fort', distance: 8 },
      { name: 'Salar Jung Museum', distance: 10 },
      { name: 'Hussain Sagar', distance: 5 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Hyderabad Deccan (Nampally)', distance: 6.5 },
      { type: 'Railway Station', name: 'Secunderabad Junction', distance: 11 },
      { type: 'Airport', name: 'Rajiv Gandhi International Airport', distance: 29 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Deluxe',
        size: 40,
        bedType: 'King',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 51500,
        furnished: true,
        totalUnits: 14,
      },
      {
        roomType: 'Room',
        roomStandard: 'Executive Suite',
        size: 65,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 64000,
        furnished: true,
        totalUnits: 6,
      },
      {
        roomType: 'Room',
        roomStandard: 'Family',
        size: 58,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 58000,
        furnished: true,
        totalUnits: 6,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Nizam Residence',
        size: 130,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 110000,
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
        totalUnits: 2,
      },
    ],
  },
  // ── Business (above ₹20,000) ─────────────────────────────────────────────────────────
  {
    owner: owner(4, 'Vikram Khanna'),
    hotelName: 'Rajpath Regency New Delhi',
    description:
      'A polished business hotel in Connaught Place with a 24-hour business centre, conference halls, a rooftop bar and easy metro access to Parliament, Khan Market and Aerocity.',
    address: '18 Barakhamba Road, Connaught Place, New Delhi',
    city: 'New Delhi',
    state: 'Delhi',
    country: 'India',
    pinCode: '110001',
    phoneNumber: '9810034567',
    amenities: 'Free WiFi, AC, Parking, TV, Club',
    startingPrice: 24000,
    checkInTime: '12:00',
    checkOutTime: '12:00',
    restaurants: [
      { name: "Karim's", distance: 3.5 },
      { name: 'Indian Accent', distance: 5 },
      { name: 'Saravana Bhavan Janpath', distance: 1 },
    ],
    cinemaHalls: [
      { name: 'PVR Plaza', distance: 0.8 },
      { name: 'Delite Cinema', distance: 2.5 },
    ],
    famousTouristPlaces: [
      { name: 'India Gate', distance: 2.5 },
      { name: 'Red Fort', distance: 5 },
      { name: "Humayun's Tomb", distance: 6 },
      { name: 'Qutub Minar', distance: 15 },
      { name: 'Jantar Mantar', distance: 1 },
    ],
    transportationFacilities: [
      { type: 'Metro', name: 'Rajiv Chowk', distance: 0.7 },
      { type: 'Railway Station', name: 'New Delhi', distance: 2 },
      { type: 'Airport', name: 'Indira Gandhi International Airport', distance: 16 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Executive',
        size: 32,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 24000,
        furnished: true,
        totalUnits: 20,
      },
      {
        roomType: 'Room',
        roomStandard: 'Club Premium',
        size: 40,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 31000,
        furnished: true,
        totalUnits: 10,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Serviced Apartment',
        size: 85,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 42000,
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
        totalUnits: 4,
      },
    ],
  },
  {
    owner: owner(5, "Francis D'Souza"),
    hotelName: 'Mandovi Riverside Resort & Spa',
    description:
      'Portuguese-era villas on the Mandovi with a riverside pool, Goan seafood, sunset cruises and cycling tours of the Latin Quarter. Miramar beach is a short ride away.',
    address: 'Dayanand Bandodkar Marg, Campal, Panaji',
    city: 'Panaji',
    state: 'Goa',
    country: 'India',
    pinCode: '403001',
    phoneNumber: '9822156789',
    amenities: 'Free WiFi, AC, Parking, TV, Club, Play Ground',
    startingPrice: 28000,
    checkInTime: '13:00',
    checkOutTime: '11:00',
    restaurants: [
      { name: 'Viva Panjim', distance: 2 },
      { name: 'Ritz Classic', distance: 1.5 },
      { name: "Mum's Kitchen", distance: 1.2 },
    ],
    cinemaHalls: [{ name: 'INOX Panaji', distance: 1 }],
    famousTouristPlaces: [
      { name: 'Fontainhas Latin Quarter', distance: 2 },
      { name: 'Our Lady of the Immaculate Conception Church', distance: 1.5 },
      { name: 'Miramar Beach', distance: 2.5 },
      { name: 'Basilica of Bom Jesus', distance: 10 },
    ],
    transportationFacilities: [
      { type: 'Bus Stand', name: 'Kadamba Bus Stand Panaji', distance: 3 },
      { type: 'Railway Station', name: 'Karmali', distance: 12 },
      { type: 'Airport', name: 'Dabolim Airport', distance: 28 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Garden Deluxe',
        size: 36,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 28000,
        furnished: true,
        totalUnits: 12,
      },
      {
        roomType: 'Room',
        roomStandard: 'River View Premium',
        size: 44,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 34000,
        furnished: true,
        totalUnits: 8,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Portuguese Villa',
        size: 110,
        bedType: 'King',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 52000,
        numberOfRooms: 3,
        hasKitchen: true,
        furnished: true,
        totalUnits: 3,
      },
    ],
  },
  {
    owner: owner(6, 'Anjali Menon'),
    hotelName: 'Kochi Backwater Harbour Hotel',
    description:
      'A waterfront hotel on Marine Drive looking over Vembanad lake, with Kerala sadya lunches, Ayurvedic massages and ferries to Fort Kochi from the jetty next door.',
    address: 'Shanmugham Road, Marine Drive, Ernakulam',
    city: 'Kochi',
    state: 'Kerala',
    country: 'India',
    pinCode: '682031',
    phoneNumber: '9847033445',
    amenities: 'Free WiFi, AC, Parking, TV',
    startingPrice: 22500,
    checkInTime: '14:00',
    checkOutTime: '12:00',
    restaurants: [
      { name: 'Kayees Rahmathulla Hotel', distance: 9 },
      { name: 'Kashi Art Cafe', distance: 12 },
      { name: 'Dhe Puttu', distance: 6 },
    ],
    cinemaHalls: [
      { name: 'PVR Lulu Mall', distance: 10 },
      { name: 'Shenoys Cinema', distance: 1.5 },
    ],
    famousTouristPlaces: [
      { name: 'Chinese Fishing Nets', distance: 12 },
      { name: 'Mattancherry Palace', distance: 10 },
      { name: 'Paradesi Synagogue', distance: 10.5 },
      { name: 'St. Francis Church', distance: 12 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Ernakulam Junction', distance: 3 },
      { type: 'Boat Jetty', name: 'Ernakulam Main Boat Jetty', distance: 0.5 },
      { type: 'Metro', name: "Maharaja's College", distance: 1.5 },
      { type: 'Airport', name: 'Cochin International Airport', distance: 28 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Deluxe Lake View',
        size: 34,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 22500,
        furnished: true,
        totalUnits: 16,
      },
      {
        roomType: 'Room',
        roomStandard: 'Ayurveda Suite',
        size: 52,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 29000,
        furnished: true,
        totalUnits: 6,
      },
    ],
  },
  // ── Medium (above ₹10,000) ───────────────────────────────────────────────────────────
  {
    owner: owner(7, 'Karthik Gowda'),
    hotelName: 'Garden City Business Suites',
    description:
      'Smart rooms and long-stay apartments off MG Road for people in town on work, with fast WiFi, co-working desks, a gym and filter coffee on the house all day.',
    address: '27 Residency Road, Ashok Nagar, Bengaluru',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pinCode: '560025',
    phoneNumber: '9845067890',
    amenities: 'Free WiFi, AC, Parking, TV',
    startingPrice: 12500,
    checkInTime: '12:00',
    checkOutTime: '11:00',
    restaurants: [
      { name: 'Mavalli Tiffin Rooms (MTR)', distance: 3 },
      { name: 'Vidyarthi Bhavan', distance: 5 },
      { name: "Koshy's", distance: 1.2 },
    ],
    cinemaHalls: [
      { name: 'INOX Garuda Mall', distance: 1.5 },
      { name: 'PVR Forum Mall', distance: 4 },
    ],
    famousTouristPlaces: [
      { name: 'Cubbon Park', distance: 2 },
      { name: 'Lalbagh Botanical Garden', distance: 4 },
      { name: 'Bangalore Palace', distance: 6 },
      { name: 'Vidhana Soudha', distance: 3 },
    ],
    transportationFacilities: [
      { type: 'Metro', name: 'MG Road', distance: 1 },
      { type: 'Railway Station', name: 'KSR Bengaluru City Junction', distance: 6 },
      { type: 'Bus Stand', name: 'Kempegowda Bus Station', distance: 6 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Standard',
        size: 26,
        bedType: 'Double',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 12500,
        furnished: true,
        totalUnits: 18,
      },
      {
        roomType: 'Room',
        roomStandard: 'Deluxe',
        size: 32,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 15500,
        furnished: true,
        totalUnits: 12,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Long-Stay Studio',
        size: 60,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 18000,
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
        totalUnits: 6,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Family Apartment',
        size: 95,
        bedType: 'King',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 24000,
        numberOfRooms: 3,
        hasKitchen: true,
        furnished: true,
        totalUnits: 4,
      },
    ],
  },
  {
    owner: owner(8, 'Lakshmi Narayanan'),
    hotelName: 'Marina Bay Grand Chennai',
    description:
      'A bright seafront hotel near Marina Beach with Chettinad and coastal cuisine, a pool deck facing the Bay of Bengal and quick drives to Mylapore temples and Fort St. George.',
    address: '112 Kamarajar Salai, Triplicane, Chennai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    country: 'India',
    pinCode: '600005',
    phoneNumber: '9840078901',
    amenities: 'Free WiFi, AC, Parking, TV, Play Ground',
    startingPrice: 14500,
    checkInTime: '12:00',
    checkOutTime: '12:00',
    restaurants: [
      { name: 'Murugan Idli Shop', distance: 5 },
      { name: 'Saravana Bhavan', distance: 2.5 },
      { name: 'Ratna Cafe', distance: 1 },
    ],
    cinemaHalls: [
      { name: 'Sathyam Cinemas', distance: 2.5 },
      { name: 'Devi Cinemas', distance: 3 },
    ],
    famousTouristPlaces: [
      { name: 'Marina Beach', distance: 0.3 },
      { name: 'Kapaleeshwarar Temple', distance: 3 },
      { name: 'Fort St. George', distance: 3.5 },
      { name: 'San Thome Basilica', distance: 3.5 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Chennai Central', distance: 5 },
      { type: 'Railway Station', name: 'Chennai Egmore', distance: 5.5 },
      { type: 'Airport', name: 'Chennai International Airport', distance: 18 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Standard',
        size: 28,
        bedType: 'Double',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 14500,
        furnished: true,
        totalUnits: 20,
      },
      {
        roomType: 'Room',
        roomStandard: 'Sea View Deluxe',
        size: 34,
        bedType: 'King',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 18500,
        furnished: true,
        totalUnits: 10,
      },
      {
        roomType: 'Room',
        roomStandard: 'Family',
        size: 45,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 21000,
        furnished: true,
        totalUnits: 6,
      },
    ],
  },
  {
    owner: owner(9, 'Sourav Banerjee'),
    hotelName: 'Park Street Heritage Inn',
    description:
      'A colonial mansion turned boutique hotel on Park Street, with teak staircases, a jazz bar, Bengali breakfasts and walks to the Victoria Memorial and the Maidan.',
    address: '19 Park Street, Mullick Bazar, Kolkata',
    city: 'Kolkata',
    state: 'West Bengal',
    country: 'India',
    pinCode: '700016',
    phoneNumber: '9830089012',
    amenities: 'Free WiFi, AC, TV, Club',
    startingPrice: 11800,
    checkInTime: '12:00',
    checkOutTime: '11:00',
    restaurants: [
      { name: 'Peter Cat', distance: 0.3 },
      { name: 'Flurys', distance: 0.5 },
      { name: 'Arsalan', distance: 1.5 },
    ],
    cinemaHalls: [
      { name: 'New Empire Cinema', distance: 1.5 },
      { name: 'Nandan', distance: 2.5 },
    ],
    famousTouristPlaces: [
      { name: 'Victoria Memorial', distance: 2 },
      { name: 'Indian Museum', distance: 1 },
      { name: 'Howrah Bridge', distance: 5 },
      { name: 'Dakshineswar Kali Temple', distance: 16 },
    ],
    transportationFacilities: [
      { type: 'Metro', name: 'Park Street', distance: 0.4 },
      { type: 'Railway Station', name: 'Howrah Junction', distance: 6 },
      { type: 'Railway Station', name: 'Sealdah', distance: 4 },
      { type: 'Airport', name: 'Netaji Subhas Chandra Bose International Airport', distance: 17 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Heritage Standard',
        size: 27,
        bedType: 'Double',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 11800,
        furnished: true,
        totalUnits: 12,
      },
      {
        roomType: 'Room',
        roomStandard: 'Colonial Suite',
        size: 48,
        bedType: 'King',
        amenities: 'Free WiFi AC TV Massage',
        pricePerNight: 19500,
        furnished: true,
        totalUnits: 4,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Family Apartment',
        size: 80,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 22000,
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
        totalUnits: 3,
      },
    ],
  },
  // ── Economic (₹10,000 or less) ───────────────────────────────────────────────────────
  {
    owner: owner(10, 'Sunita Shekhawat'),
    hotelName: 'Pink City Haveli Retreat',
    description:
      'A family-run haveli inside the walled city with jharokha windows, a rooftop cafe facing Nahargarh and home-cooked Rajasthani thalis. Hawa Mahal is a ten-minute walk.',
    address: '23 Gangori Bazaar, Chandpol, Jaipur',
    city: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
    pinCode: '302001',
    phoneNumber: '9829090123',
    amenities: 'Free WiFi, AC, Parking, TV',
    startingPrice: 4200,
    checkInTime: '12:00',
    checkOutTime: '11:00',
    restaurants: [
      { name: 'Laxmi Misthan Bhandar (LMB)', distance: 1.2 },
      { name: 'Rawat Mishthan Bhandar', distance: 3.5 },
      { name: 'Chokhi Dhani', distance: 22 },
    ],
    cinemaHalls: [{ name: 'Raj Mandir Cinema', distance: 2.5 }],
    famousTouristPlaces: [
      { name: 'Hawa Mahal', distance: 0.8 },
      { name: 'City Palace', distance: 0.9 },
      { name: 'Jantar Mantar', distance: 1 },
      { name: 'Amber Fort', distance: 11 },
      { name: 'Nahargarh Fort', distance: 6 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Jaipur Junction', distance: 3.5 },
      { type: 'Bus Stand', name: 'Sindhi Camp Bus Stand', distance: 2.5 },
      { type: 'Airport', name: 'Jaipur International Airport', distance: 13 },
    ],
    listings: [
      {
        roomType: 'Room',
        roomStandard: 'Standard',
        size: 20,
        bedType: 'Double',
        amenities: 'Free WiFi AC',
        pricePerNight: 4200,
        furnished: true,
        totalUnits: 10,
      },
      {
        roomType: 'Room',
        roomStandard: 'Deluxe Jharokha',
        size: 26,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 5600,
        furnished: true,
        totalUnits: 8,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Haveli Family Apartment',
        size: 65,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 8900,
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
        totalUnits: 2,
      },
    ],
  },
  {
    owner: owner(11, 'Alok Tripathi'),
    hotelName: 'Ganga Ghat Guest House',
    description:
      'A simple, spotless guest house a few steps above Dashashwamedh Ghat, with a rooftop view of the evening Ganga aarti, sunrise boat rides and pure vegetarian meals.',
    address: 'D 23/15 Dashashwamedh Road, Godowlia, Varanasi',
    city: 'Varanasi',
    state: 'Uttar Pradesh',
    country: 'India',
    pinCode: '221001',
    phoneNumber: '9415012345',
    amenities: 'Free WiFi, AC, TV',
    startingPrice: 2600,
    checkInTime: '12:00',
    checkOutTime: '10:00',
    restaurants: [
      { name: 'Kashi Chat Bhandar', distance: 0.5 },
      { name: 'Blue Lassi', distance: 1.2 },
      { name: 'Deena Chat Bhandar', distance: 0.6 },
    ],
    cinemaHalls: [{ name: 'PVR IP Mall Sigra', distance: 4 }],
    famousTouristPlaces: [
      { name: 'Dashashwamedh Ghat', distance: 0.2 },
      { name: 'Kashi Vishwanath Temple', distance: 0.6 },
      { name: 'Assi Ghat', distance: 3 },
      { name: 'Sarnath', distance: 11 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Varanasi Junction', distance: 5 },
      { type: 'Railway Station', name: 'Banaras', distance: 5.5 },
      { type: 'Airport', name: 'Lal Bahadur Shastri International Airport', distance: 26 },
    ],
    listings: [
      { roomType: 'Room', roomStandard: 'Economy', size: 14, bedType: 'Single', amenities: 'Free WiFi', pricePerNight: 2600, totalUnits: 6 },
      {
        roomType: 'Room',
        roomStandard: 'Standard',
        size: 18,
        bedType: 'Double',
        amenities: 'Free WiFi AC',
        pricePerNight: 3400,
        furnished: true,
        totalUnits: 10,
      },
      {
        roomType: 'Room',
        roomStandard: 'Ganga View Deluxe',
        size: 24,
        bedType: 'Queen',
        amenities: 'Free WiFi AC TV',
        pricePerNight: 4800,
        furnished: true,
        totalUnits: 5,
      },
    ],
  },
  {
    owner: owner(12, 'Deepika Negi'),
    hotelName: 'Himalayan Yoga Riverside Stay',
    description:
      'A calm riverside stay near Laxman Jhula with morning yoga on the terrace, sattvic food, rafting trips on the Ganga and treks to Neer Garh waterfall.',
    address: 'Tapovan Road, Laxman Jhula, Rishikesh',
    city: 'Rishikesh',
    state: 'Uttarakhand',
    country: 'India',
    pinCode: '249192',
    phoneNumber: '9412056789',
    amenities: 'Free WiFi, Parking, Play Ground',
    startingPrice: 1900,
    checkInTime: '12:00',
    checkOutTime: '10:00',
    restaurants: [
      { name: 'Chotiwala', distance: 2.5 },
      { name: 'Little Buddha Cafe', distance: 0.6 },
      { name: "Ramana's Organic Cafe", distance: 1.5 },
    ],
    cinemaHalls: [],
    famousTouristPlaces: [
      { name: 'Laxman Jhula', distance: 0.4 },
      { name: 'Ram Jhula', distance: 2.5 },
      { name: 'Triveni Ghat', distance: 5 },
      { name: 'The Beatles Ashram', distance: 3.5 },
      { name: 'Neer Garh Waterfall', distance: 5 },
    ],
    transportationFacilities: [
      { type: 'Railway Station', name: 'Yog Nagari Rishikesh', distance: 7 },
      { type: 'Bus Stand', name: 'Rishikesh ISBT', distance: 6 },
      { type: 'Airport', name: 'Jolly Grant Airport', distance: 21 },
    ],
    listings: [
      { roomType: 'Room', roomStandard: 'Standard', size: 16, bedType: 'Double', amenities: 'Free WiFi', pricePerNight: 1900, furnished: true, totalUnits: 12 },
      {
        roomType: 'Room',
        roomStandard: 'River View Deluxe',
        size: 22,
        bedType: 'Queen',
        amenities: 'Free WiFi AC',
        pricePerNight: 2900,
        furnished: true,
        totalUnits: 6,
      },
      {
        roomType: 'Flat',
        roomStandard: 'Family Cottage',
        size: 55,
        bedType: 'Double',
        amenities: 'Free WiFi TV',
        pricePerNight: 4500,
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
        totalUnits: 2,
      },
    ],
  },
];

/** The guests of the demo's past bookings (`guestN@stays.demo`, the same password), besides `demoGuest`, who books some too. */
export const demoHistoryGuests: readonly DemoGuest[] = [
  { username: 'rohan.m', name: 'Rohan Mehta', email: 'guest1@stays.demo' },
  { username: 'priya.n', name: 'Priya Nair', email: 'guest2@stays.demo' },
  { username: 'arjun.s', name: 'Arjun Singh', email: 'guest3@stays.demo' },
  { username: 'kavya.r', name: 'Kavya Reddy', email: 'guest4@stays.demo' },
  { username: 'vikram.j', name: 'Vikram Joshi', email: 'guest5@stays.demo' },
  { username: 'meera.k', name: 'Meera Krishnan', email: 'guest6@stays.demo' },
  { username: 'farhan.a', name: 'Farhan Ali', email: 'guest7@stays.demo' },
  { username: 'sneha.d', name: 'Sneha Deshpande', email: 'guest8@stays.demo' },
];

/** A demo guest's mobile numbers (national, 10 digits): several, so the daily OTP limits per contact never bind. */
export const demoGuestPhone = (guest: number, phone: number): string =>
  `98${String(20 + guest).padStart(2, '0')}${String(100_000 + phone * 7_919 + guest * 31).slice(-6)}`;
