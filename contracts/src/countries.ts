/**
 * Countries with their dial codes for the booking page's country code picker (the first
 * entry is the default), and the phone rules that match an OTP call (number with its
 * dial code) to a booking call (national number only).
 */
export interface Country {
  readonly name: string;
  readonly code: string;
  readonly dialCode: string;
}

export const COUNTRIES: readonly Country[] = [
  { name: 'India', code: 'IN', dialCode: '+91' },
  { name: 'United States', code: 'US', dialCode: '+1' },
  { name: 'United Kingdom', code: 'GB', dialCode: '+44' },
  { name: 'United Arab Emirates', code: 'AE', dialCode: '+971' },
  { name: 'Saudi Arabia', code: 'SA', dialCode: '+966' },
  { name: 'Qatar', code: 'QA', dialCode: '+974' },
  { name: 'Kuwait', code: 'KW', dialCode: '+965' },
  { name: 'Oman', code: 'OM', dialCode: '+968' },
  { name: 'Bahrain', code: 'BH', dialCode: '+973' },
  { name: 'Singapore', code: 'SG', dialCode: '+65' },
  { name: 'Malaysia', code: 'MY', dialCode: '+60' },
  { name: 'Australia', code: 'AU', dialCode: '+61' },
  { name: 'New Zealand', code: 'NZ', dialCode: '+64' },
  { name: 'Canada', code: 'CA', dialCode: '+1' },
  { name: 'Germany', code: 'DE', dialCode: '+49' },
  { name: 'France', code: 'FR', dialCode: '+33' },
  { name: 'Italy', code: 'IT', dialCode: '+39' },
  { name: 'Spain', code: 'ES', dialCode: '+34' },
  { name: 'Netherlands', code: 'NL', dialCode: '+31' },
  { name: 'Switzerland', code: 'CH', dialCode: '+41' },
  { name: 'Sweden', code: 'SE', dialCode: '+46' },
  { name: 'Ireland', code: 'IE', dialCode: '+353' },
  { name: 'Russia', code: 'RU', dialCode: '+7' },
  { name: 'Japan', code: 'JP', dialCode: '+81' },
  { name: 'South Korea', code: 'KR', dialCode: '+82' },
  { name: 'China', code: 'CN', dialCode: '+86' },
  { name: 'Hong Kong', code: 'HK', dialCode: '+852' },
  { name: 'Thailand', code: 'TH', dialCode: '+66' },
  { name: 'Indonesia', code: 'ID', dialCode: '+62' },
  { name: 'Philippines', code: 'PH', dialCode: '+63' },
  { name: 'Vietnam', code: 'VN', dialCode: '+84' },
  { name: 'Nepal', code: 'NP', dialCode: '+977' },
  { name: 'Bhutan', code: 'BT', dialCode: '+975' },
  { name: 'Bangladesh', code: 'BD', dialCode: '+880' },
  { name: 'Sri Lanka', code: 'LK', dialCode: '+94' },
  { name: 'Maldives', code: 'MV', dialCode: '+960' },
  { name: 'Pakistan', code: 'PK', dialCode: '+92' },
  { name: 'Mauritius', code: 'MU', dialCode: '+230' },
  { name: 'South Africa', code: 'ZA', dialCode: '+27' },
  { name: 'Kenya', code: 'KE', dialCode: '+254' },
  { name: 'Nigeria', code: 'NG', dialCode: '+234' },
  { name: 'Egypt', code: 'EG', dialCode: '+20' },
  { name: 'Brazil', code: 'BR', dialCode: '+55' },
  { name: 'Mexico', code: 'MX', dialCode: '+52' },
  { name: 'Argentina', code: 'AR', dialCode: '+54' },
];

const DIAL_CODES = [...new Set(COUNTRIES.map((country) => country.dialCode.slice(1)))].sort((a, b) => b.length - a.length);

/** Digits only: '+91 98220-12345' → '919822012345'. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/**
 * Splits a number sent with its dial code ('+91 9822012345') into dial code and national
 * number, by the longest known dial code. Null when no known code starts it.
 */
export function splitInternationalNumber(phone: string): { dialCode: string; national: string } | null {
  if (!phone.trim().startsWith('+')) return null;
  const digits = phoneDigits(phone);
  const code = DIAL_CODES.find((candidate) => digits.startsWith(candidate));
  return code === undefined ? null : { dialCode: `+${code}`, national: digits.slice(code.length) };
}

/** OTP Send is enabled when the national number has more than 8 and at most 12 characters. */
export const otpPhoneLengthOk = (national: string): boolean => national.length > 8 && national.length <= 12;
