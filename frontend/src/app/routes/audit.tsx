/**
 * `/audit`: find a booking, its verified timeline and as-of view, the log browser with
 * export, the read models' versions, and every city's occupancy and revenue (loaded lazily
 * with its chart library); auditors only.
 */
import { auditMessages } from '@stays/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { selectAuditor } from '../../features/audit/audit.selectors.ts';
import { auditActions } from '../../features/audit/audit.slice.ts';
import { AsOfControl } from '../../features/audit/components/AsOfControl.tsx';
import { BookingHistory } from '../../features/audit/components/BookingHistory.tsx';
import { BookingSearch } from '../../features/audit/components/BookingSearch.tsx';
import { LogBrowser } from '../../features/audit/components/LogBrowser.tsx';
import { ReadModels } from '../../features/audit/components/ReadModels.tsx';
import { AuditArea } from './audit-area.tsx';

const texts = auditMessages;
const CityOccupancy = lazy(() => import('../../features/occupancy/CityOccupancy.tsx'));

function Dashboard() {
  const dispatch = useDispatch();
  const auditor = useSelector(selectAuditor);
  const [params] = useSearchParams();
  const bookingID = params.get('booking');

  useEffect(() => {
    if (bookingID !== null && bookingID !== '') dispatch(auditActions.historyRequested({ bookingID }));
  }, [dispatch, bookingID]);

  return (
    <div className="page audit-page">
      {/* signing out is the header's LOGOUT, once */}
      <div className="audit-title">
        <h1>{texts.title}</h1>
        {auditor !== null && <span className="audit-who">{texts.signedInAs(auditor.name)}</span>}
      </div>
      <BookingSearch />
      <BookingHistory />
      <AsOfControl />
      <LogBrowser />
      <ReadModels />
      <Suspense fallback={null}>
        <CityOccupancy />
      </Suspense>
    </div>
  );
}

export default function AuditPage() {
  return (
    <AuditArea requireAuditor>
      <Dashboard />
    </AuditArea>
  );
}
