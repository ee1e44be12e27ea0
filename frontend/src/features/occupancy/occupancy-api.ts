/** The occupancy read model's calls: the owner's own hotel, and every city for auditors (route table `ownerOccupancy`, `auditOccupancy`). */
import { pathOf, routes, type CityOccupancy, type Envelope, type OwnerOccupancy } from '@stays/contracts';
import { apiClient } from '../../lib/api-client.ts';
import { successful } from '../../lib/envelope.ts';

export const occupancyApi = {
  ofOwner: async (signal: AbortSignal): Promise<OwnerOccupancy> =>
    successful(await apiClient.get<Envelope<OwnerOccupancy>>(pathOf(routes.ownerOccupancy), { signal, bearer: true })).data,
  /** `month` YYYY-MM; the server's current month when left out. */
  ofCities: async (month: string | null, signal: AbortSignal): Promise<CityOccupancy> =>
    successful(await apiClient.get<Envelope<CityOccupancy>>(pathOf(routes.auditOccupancy), { params: month === null ? {} : { month }, signal, bearer: true }))
      .data,
};
