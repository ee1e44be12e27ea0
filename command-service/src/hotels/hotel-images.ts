/** The images of a hotel: 5 to 10 (the route entry's upload limits), re-encoded within 1600×1200; the spec's own texts for wrong counts. */
import { limits, messages, routes } from '@stays/contracts';
import type { ImageRules } from '../uploads.ts';

export const hotelImages = (required: boolean): ImageRules => ({
  upload: routes.createHotel.body.upload,
  required,
  min: limits.hotelImages.min,
  maxWidth: 1600,
  maxHeight: 1200,
  noneMessage: messages.ui.uploadImages,
  tooFewMessage: messages.ui.uploadMoreThanFive,
});
