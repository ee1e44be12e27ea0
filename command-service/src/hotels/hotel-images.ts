/** The images of a hotel: 5 to 10, re-encoded within 1600×1200; the spec's own texts for wrong counts. */
import { limits, messages } from '@stays/contracts';
import { LISTING_IMAGE_MEGABYTES, type ImageRules } from '../uploads.ts';

export const hotelImages = (required: boolean): ImageRules => ({
  field: 'imageURLs', required, min: limits.hotelImages.min, max: limits.hotelImages.max,
  maxBytes: LISTING_IMAGE_MEGABYTES * 1024 * 1024, maxWidth: 1600, maxHeight: 1200,
  noneMessage: messages.ui.uploadImages, tooFewMessage: messages.ui.uploadMoreThanFive, tooManyMessage: messages.ui.uploadMaximumTen,
  tooLargeMessage: messages.server.imageTooLarge(LISTING_IMAGE_MEGABYTES),
});
