export * from './document.ts';
export { hotelsReadModel, searchTextOf } from './projection.ts';
export { hotelQueries, searchTermOf, type Hotel, type HotelCard, type HotelQueries, type HotelSearch, type Room } from './queries.ts';
