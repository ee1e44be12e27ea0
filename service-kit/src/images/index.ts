export { ImageTooLargeError, NotAnImageError } from './errors.ts';
export { normaliseImage, DEFAULT_MAX_IMAGE_PIXELS, type NormaliseImageOptions, type NormalisedImage } from './normalise.ts';
export { generateDemoImage, type DemoImageOptions } from './demo-image.ts';
export { seededRandom } from './seeded-random.ts';
