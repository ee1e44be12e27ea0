/**
 * The texts of the occupancy and revenue charts (owners on `/hotel-details`, auditors on
 * `/audit`). A module of its own, not a part of `messages`: the web client bundles that
 * namespace whole into its first download, and these load with the charts only.
 */
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
  nightsSoldLabel: 'Nights sold',
  unitsAvailableLabel: 'Units available',
  occupancyLabel: 'Occupancy',
  revenuePaidLabel: 'Revenue paid',
  revenueUnpaidLabel: 'Revenue unpaid',
  revenueLabel: 'Revenue',
  occupancyAxis: 'Occupancy (%)',
  revenueAxis: 'Revenue (₹)',
  notAvailable: '—',
  percent: (value: number | null) => (value === null ? '—' : `${value}%`),
  noListings: 'Add a room to your hotel to see its occupancy and revenue.',
  noCities: 'No hotel was listed in this month.',
  loadFailed: 'The occupancy figures could not be loaded.',
  monthsTableCaption: 'Figures by month',
  daysTableCaption: 'Figures night by night',
  citiesTableCaption: (month: string) => `Figures by city, ${month}`,
  showTable: 'Show the figures as a table',
} as const;
