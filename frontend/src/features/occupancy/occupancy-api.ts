/** The occupancy read model's calls: the owner's own hotel, and every city for auditors and the month the auditors' view opens on (route table `ownerOccupancy`, `auditOccupancy`, `auditOccupancyOpeningMonth`). */
import { pathOf, routes, type CityOccupancy, type Envelope, type OccupancyOpeningMonth, type OwnerOccupancy } from '@stays/contracts';
import { apiClient } from '../../lib/api-client.ts';
import { successful } from '../../lib/envelope.ts';

export const occupancyApi = {
  ofOwner: async (signal: AbortSignal): Promise<OwnerOccupancy> =>
    successful(await apiClient.get<Envelope<OwnerOccupancy>>(pathOf(routes.ownerOccupancy), { signal, bearer: true })).data,
  /** `month` YYYY-MM; the server's current month when left out. */
  ofCities: async (month: string | null, signal: AbortSignal): Promise<CityOccupancy> =>
    successful(await apiClient.get<Envelope<CityOccupancy>>(pathOf(routes.auditOccupancy), { params: month === null ? {} : { month }, signal, bearer: true }))
      .data,
  /** The month the auditors' view opens on: the current one when it has bookings, else the latest with some. */
  openingMonth: async (signal: AbortSignal): Promise<OccupancyOpeningMonth> =>
    successful(await apiClient.get<Envelope<OccupancyOpeningMonth>>(pathOf(routes.auditOccupancyOpeningMonth), { signal, bearer: true })).data,
};
