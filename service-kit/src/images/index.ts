export { ImageTooLargeError, ImageTooManyPixelsError, NotAnImageError } from './errors.ts';
export { normaliseImage, type NormaliseImageOptions, type NormalisedImage } from './normalise.ts';
export { generateDemoImage, type DemoImageOptions } from './demo-image.ts';
