import { nameForMessages } from '@stays/contracts';

/** The OTP message: the guest's name as plain, capped text (never a link), then the code. */
export const otpMessageText = (customerName: string, code: string): string =>
  `Dear ${nameForMessages(customerName) || 'guest'}, your Stays verification code is ${code}. It expires in 10 minutes. Do not share it with anyone.`;
