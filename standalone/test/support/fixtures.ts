import sharp from 'sharp';
import type { FilePart } from './http-client.ts';

/** A real PNG image of the given size. */
export async function pngImage(width = 64, height = 64, colour = '#2a9d8f'): Promise<FilePart> {
  const content = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { filename: 'photo.png', type: 'image/png', content };
}

/** Text pretending to be a JPEG. */
export const fakeJpeg = (): FilePart => ({ filename: 'photo.jpg', type: 'image/jpeg', content: Buffer.from('this is not an image at all') });

let counter = 0;
/** A unique email for each call, so tests never collide. */
export const uniqueEmail = (prefix = 'guest'): string => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.in`;

export const strongPassword = 'monsoon-rains-2024';

/** `count` distinct small PNG images. */
export const pngImages = (count: number): Promise<FilePart[]> =>
  Promise.all(Array.from({ length: count }, (_, i) => pngImage(48, 32, `#${(0x204060 + i * 0x101010).toString(16).slice(-6)}`)));

/** A valid add-hotel form, as the web client sends it (all text). */
export function hotelForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    hotelName: 'Hotel Sahyadri Residency',
    description: 'A calm family hotel near the old city, with a rooftop restaurant and easy access to the station.',
    address: '14 Jangli Maharaj Road, Deccan',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    pinCode: '411004',
    phoneNumber: '9822012345',
    amenities: 'Free WiFi, AC,Parking ,  TV',
    startingPrice: '3200',
    checkInTime: '12:00',
    checkOutTime: '11:00',
    restaurants: JSON.stringify([
      { name: 'Vaishali', distance: '1.5' },
      { name: 'Roopali', distance: '2' },
    ]),
    famousTouristPlaces: JSON.stringify([{ name: 'Shaniwar Wada', distance: '4' }]),
    cinemaHalls: '[]',
    transportationFacilities: JSON.stringify([{ type: 'Railway Station', name: 'Pune Junction', distance: '5.5' }]),
    range: '3.25',
    ...overrides,
  };
}

/** A valid add-room form. */
export function roomForm(hotelID: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    hotelID,
    roomType: 'Room',
    roomStandard: 'Deluxe',
    size: '28',
    bedType: 'Queen',
    amenities: 'Free WiFi AC TV',
    pricePerNight: '4500',
    furnished: 'true',
    ...overrides,
  };
}
