import sharp from 'sharp';
import type { FilePart } from './http-client.ts';

/** A real PNG image of the given size. */
export async function pngImage(width = 64, height = 64, colour = '#2a9d8f'): Promise<FilePart> {
  const content = await sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
  return { filename: 'photo.png', type: 'image/png', content };
}

/** Text pretending to be a JPEG. */
export const fakeJpeg = (): FilePart => ({ filename: 'photo.jpg', type: 'image/jpeg', content: Buffer.from('this is not an image at all') });

let counter = 0;
/** A unique email for each call, so tests never collide. */
export const uniqueEmail = (prefix = 'guest'): string => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.in`;

export const strongPassword = 'monsoon-rains-2024';
