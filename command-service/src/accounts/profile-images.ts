/** The profile image of a customer: one image (the route entry's upload limits), re-encoded within 512×512. */
import { messages, routes } from '@stays/contracts';
import type { ImageRules } from '../uploads.ts';

export const profileImageRules = (required: boolean): ImageRules => ({
  upload: routes.customerRegister.body.upload,
  required,
  min: 1,
  maxWidth: 512,
  maxHeight: 512,
  noneMessage: messages.server.profileImageRequired,
  tooFewMessage: messages.server.profileImageRequired,
});
