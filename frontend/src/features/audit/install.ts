/** Gives a store the dashboard's reducer (with the auditor restored from storage) and saga, when its screens first load. */
import type { Reducer } from 'redux';
import type { AuditApi } from './api/audit-api.ts';
import { auditSaga } from './audit.saga.ts';
import { auditReducer, initialAuditState, type AuditState } from './audit.slice.ts';
import { auditorStorage } from './auditor-storage.ts';

interface FeatureStore {
  injectFeature(key: string, reducer: Reducer, saga: () => Generator): void;
}

export function installAudit(store: FeatureStore, api: AuditApi, recheckMs?: number): void {
  const restored = initialAuditState(auditorStorage.restore());
  const reducer = (state: AuditState = restored, action: { type: string }) => auditReducer(state, action);
  store.injectFeature('audit', reducer as Reducer, () => auditSaga(api, recheckMs));
}
