/**
 * Client routes (spec section 2). Every page is lazy-loaded so the home route only
 * downloads what it shows; the home, search and hotel pages' data is asked for by their
 * loaders (route-data.ts) while their code loads.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, type ShouldRevalidateFunction } from 'react-router-dom';
import type { Role } from '@stays/contracts';
import { RequireUser } from './guards.tsx';
import { Layout } from './layout/Layout.tsx';
import { routeData } from './route-data.ts';
import type { AppStore } from './store.ts';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const Home = page(() => import('./routes/home.tsx'));
const About = page(() => import('./routes/about.tsx'));
const SignInCustomer = page(() => import('./routes/auth.tsx').then((m) => ({ default: m.SignInCustomerPage })));
const SignInOwner = page(() => import('./routes/auth.tsx').then((m) => ({ default: m.SignInOwnerPage })));
const SignUpCustomer = page(() => import('./routes/auth.tsx').then((m) => ({ default: m.SignUpCustomerPage })));
const SignUpOwner = page(() => import('./routes/auth.tsx').then((m) => ({ default: m.SignUpOwnerPage })));
const ForgotPassword = page(() => import('./routes/password-reset.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPassword = page(() => import('./routes/password-reset.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const Search = page(() => import('./routes/search.tsx'));
const HotelPage = page(() => import('./routes/hotel.tsx'));
const BookHotel = page(() => import('./routes/book-hotel.tsx'));
const Profile = page(() => import('./routes/profile.tsx'));
const Bookings = page(() => import('./routes/bookings.tsx'));
const NotFound = page(() => import('./routes/not-found.tsx'));
/** The auditors' screens: their feature (reducer, saga, verification) loads with them only. */
const SignInAuditor = page(() => import('./routes/audit-sign-in.tsx'));
const Audit = page(() => import('./routes/audit.tsx'));

/** Owner-only routes (spec section 2), each page in its own chunk. */
const ownerRoutes: { path: string; Page: LazyExoticComponent<ComponentType> }[] = [
  { path: '/hotel-details', Page: page(() => import('./routes/owner.tsx')) },
  { path: '/add-hotel', Page: page(() => import('./routes/owner-hotel.tsx').then((m) => ({ default: m.AddHotelPage }))) },
  { path: '/update-hotel/:hotelID', Page: page(() => import('./routes/owner-hotel.tsx').then((m) => ({ default: m.UpdateHotelPage }))) },
  { path: '/add-room/:hotelID', Page: page(() => import('./routes/owner-rooms.tsx').then((m) => ({ default: m.AddRoomPage }))) },
  { path: '/room-data/:hotelID', Page: page(() => import('./routes/owner-rooms.tsx').then((m) => ({ default: m.RoomDataPage }))) },
  { path: '/update-room-data/:hotelID/:roomID', Page: page(() => import('./routes/owner-rooms.tsx').then((m) => ({ default: m.UpdateRoomPage }))) },
  { path: '/room-calendar/:hotelID/:roomID', Page: page(() => import('./routes/owner-calendar.tsx')) },
  { path: '/hotel-owner-bookings/:hotelID', Page: page(() => import('./routes/owner-bookings.tsx')) },
];

/** A hotel page's stay lives in its query string: changing it reloads no hotel, rooms or selection. */
const samePathKeeps: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const suspended = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;
const guarded = (node: ReactNode, role?: Role) => <RequireUser role={role}>{suspended(node)}</RequireUser>;

export function createAppRouter(store: AppStore) {
  const data = routeData(store);
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        { path: '/', loader: data.home, element: suspended(<Home />) },
        { path: '/about', element: suspended(<About />) },
        { path: '/search-hotel', loader: data.search, element: suspended(<Search />) },
        { path: '/login-user', element: suspended(<SignInCustomer />) },
        { path: '/login-hotel-owner', element: suspended(<SignInOwner />) },
        { path: '/signup-user', element: suspended(<SignUpCustomer />) },
        { path: '/signup-hotel-owner', element: suspended(<SignUpOwner />) },
        { path: '/forgot-password', element: suspended(<ForgotPassword />) },
        { path: '/reset-password', element: suspended(<ResetPassword />) },
        { path: '/login-auditor', element: suspended(<SignInAuditor />) },
        { path: '/audit', element: suspended(<Audit />) },
        { path: '/hotel/:hotelID', loader: data.hotel, shouldRevalidate: samePathKeeps, element: suspended(<HotelPage />) },
        { path: '/view-hotel/:hotelID', loader: data.hotel, shouldRevalidate: samePathKeeps, element: suspended(<HotelPage />) },
        { path: '/profile', element: guarded(<Profile />) },
        { path: '/book-hotel/:hotelID', element: guarded(<BookHotel />) },
        { path: '/user/bookings/:customerID', element: guarded(<Bookings />) },
        ...ownerRoutes.map(({ path, Page }) => ({ path, element: guarded(<Page />, 'hotel-owner') })),
        { path: '*', element: suspended(<NotFound />) },
      ],
    },
  ]);
}
