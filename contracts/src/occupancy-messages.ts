/**
 * The texts of the occupancy and revenue charts (owners on `/hotel-details`, auditors on
 * `/audit`). A module of its own, not a part of `messages`: the web client bundles that
 * namespace whole into its first download, and these load with the charts only.
 *
 * A unit-night is one unit of a listing (a room, a flat) for one night: a month's figures
 * count unit-nights, one night's figures count units.
 */
const DECIMALS = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const LONG_MONTH = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'March 2027' of '2027-03'. */
const longMonth = (month: string): string => LONG_MONTH.format(new Date(`${month}-01T00:00:00Z`));

export const occupancyMessages = {
  ownerTitle: 'Occupancy and revenue',
  byMonthTitle: 'By month',
  byMonthDescription: 'The last 12 months and the months of bookings on hand',
  nextDaysTitle: (days: number) => `The next ${days} days`,
  nextDaysDescription: 'Bookings on hand, night by night',
  citiesTitle: 'Occupancy and revenue by city',
  monthLabel: 'Month',
  dateLabel: 'Night',
  cityLabel: 'City',
  nightsSoldLabel: 'Unit-nights sold',
  unitsAvailableLabel: 'Unit-nights available',
  /** The same figures of one night, which counts units. */
  unitsSoldOfNightLabel: 'Units sold',
  unitsAvailableOfNightLabel: 'Units available',
  unitNightsNote: 'A unit-night is one room or flat for one night. Occupancy is unit-nights sold out of unit-nights available.',
  occupancyLabel: 'Occupancy',
  revenuePaidLabel: 'Revenue paid',
  revenueUnpaidLabel: 'Revenue unpaid',
  revenueLabel: 'Revenue',
  occupancyAxis: 'Occupancy (%)',
  revenueAxis: 'Revenue (₹)',
  notAvailable: '—',
  percent: (value: number | null) => (value === null ? '—' : `${value}%`),
  /** A revenue axis tick counted in lakhs (₹1,00,000) or crores (₹1,00,00,000): '₹1.5L', '₹3Cr'. */
  lakhs: (value: number) => `₹${DECIMALS.format(value)}L`,
  crores: (value: number) => `₹${DECIMALS.format(value)}Cr`,
  /** A bar's tooltip: what each figure of the period counts. */
  figuresOf: (
    label: string,
    figures: { nightsSold: number; unitsAvailable: number; occupancy: string; revenuePaid: string; revenueUnpaid: string },
    counts: 'unit-nights' | 'units',
  ) =>
    `${label}: occupancy ${figures.occupancy} (${figures.nightsSold} of ${figures.unitsAvailable} ${counts} sold), revenue paid ${figures.revenuePaid}, revenue unpaid ${figures.revenueUnpaid}`,
  /** The auditors' view opened on another month than the current one. */
  openedOnLatest: (month: string) => `Showing ${longMonth(month)}, the latest month with bookings.`,
  openedOnNext: (month: string) => `Showing ${longMonth(month)}, the next month with bookings.`,
  noBookingsYet: 'No nights have been sold in any month yet.',
  tableScrollHint: 'Scroll sideways for more columns',
  noListings: 'Add a room to your hotel to see its occupancy and revenue.',
  noCities: 'No hotel was listed in this month.',
  loadFailed: 'The occupancy figures could not be loaded.',
  monthsTableCaption: 'Figures by month',
  daysTableCaption: 'Figures night by night',
  citiesTableCaption: (month: string) => `Figures by city, ${month}`,
  showTable: 'Show the figures as a table',
} as const;
