/** The images of a room listing: one or two, re-encoded within 1280×960; the spec's own texts for wrong counts. */
import { limits, messages } from '@stays/contracts';
import { LISTING_IMAGE_MEGABYTES, type ImageRules } from '../uploads.ts';

export const roomImages = (required: boolean): ImageRules => ({
  field: 'imageURLs', required, min: limits.roomImages.min, max: limits.roomImages.max,
  maxBytes: LISTING_IMAGE_MEGABYTES * 1024 * 1024, maxWidth: 1280, maxHeight: 960,
  noneMessage: messages.ui.uploadImages, tooFewMessage: messages.ui.uploadImages, tooManyMessage: messages.ui.uploadAtMostTwo,
  tooLargeMessage: messages.server.imageTooLarge(LISTING_IMAGE_MEGABYTES),
});
