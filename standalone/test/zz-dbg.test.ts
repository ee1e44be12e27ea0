import { ApiClient } from './support/http-client.ts';
import { startTestSystem } from './support/test-system.ts';
import { seedAuditLog } from './support/audit-log.ts';
it('dbg', async function () {
  this.timeout(30000);
  const stays = await startTestSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: 'a@b.in', BOOTSTRAP_AUDITOR_PASSWORD: 'password-123' } });
  const api = new ApiClient(stays.baseUrl);
  const r = await api.post('/audit/login', { email: 'a@b.in', password: 'password-123' });
  const token = r.body.data.accessToken;
  console.log((await api.get('/audit/bookings', { token })).body);
  await seedAuditLog(stays.system);
  console.log((await api.get('/audit/bookings', { token })).body);
  console.log(await stays.system.readStore.collection('sessions_v1').find({}));
  await stays.destroy();
});
