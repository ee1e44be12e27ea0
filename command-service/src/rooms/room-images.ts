/** The images of a room listing: one or two (the route entry's upload limits), re-encoded within 1280×960; the spec's own texts for wrong counts. */
import { limits, messages, routes } from '@stays/contracts';
import type { ImageRules } from '../uploads.ts';

export const roomImages = (required: boolean): ImageRules => ({
  upload: routes.createRoom.body.upload,
  required,
  min: limits.roomImages.min,
  maxWidth: 1280,
  maxHeight: 960,
  noneMessage: messages.ui.uploadImages,
  tooFewMessage: messages.ui.uploadImages,
});
