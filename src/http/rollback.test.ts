// What lives beside the state comes back with it (uploads in progress, mail, transactions,
// failed-login counts, file bytes), and a teardown is journaled: a restart does not bring the
// undone writes back.
import { describe, expect, it } from 'vitest';
import { persistentSite, tmpDataDir } from '../compose/persistence-testing.ts';
import { getNode } from '../state/nodes.ts';
import { rememberSite, restoreSite } from './rollback.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const BASIC = (user: string, password: string) => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');

describe('restoreSite', () => {
  it('brings back uploads in progress, mail, transactions, login failures and blobs', async () => {
    const site = await persistentSite(tmpDataDir('rollback'), { dataDir: null } as never);
    const { store, services } = site;
    expect((await site.call('POST', '/@users', { username: 'ann', email: 'ann@example.org', password: 'ann-password' })).status).toBe(201);
    const point = rememberSite(store, services);
    const transactions = services.transactions!.entries.length;

    const image = await site.call('POST', '', { '@type': 'Image', id: 'dot', image: { data: PNG, encoding: 'base64', filename: 'dot.png', 'content-type': 'image/png' } });
    expect(image.status).toBe(201);
    const blob = getNode(store.current, image.body.UID)!.fields.image as { blob: string };
    expect(services.blobs.get(blob.blob)).toBeDefined();
    expect((await site.call('POST', '/@users/ann/reset-password')).status).toBe(200);
    expect(services.auth.outbox.messages).toHaveLength(1);
    const tus = await site.app.request('http://localhost:8080/Plone/@tus-upload', {
      method: 'POST',
      headers: { Authorization: BASIC('admin', 'admin'), 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': `filename ${Buffer.from('a.txt').toString('base64')}` },
    });
    expect(tus.status).toBe(201);
    expect(services.tus.get(tus.headers.get('location')!.split('/').pop(), new Date().toISOString())).toBeDefined();
    for (let i = 0; i < 5; i++) await site.call('GET', '/@users', undefined, BASIC('ann', 'wrong'));
    expect((await site.call('GET', '/@users/ann', undefined, BASIC('ann', 'ann-password'))).status).toBe(401); // throttled
    expect(services.transactions!.entries.length).toBeGreaterThan(transactions);

    await restoreSite(store, services, point);
    expect(store.current).toBe(point.state);
    expect(services.blobs.get(blob.blob)).toBeUndefined();
    expect(services.auth.outbox.messages).toHaveLength(0);
    expect(services.tus.get(tus.headers.get('location')!.split('/').pop(), new Date().toISOString())).toBeUndefined();
    expect(services.transactions!.entries.length).toBe(transactions);
    expect((await site.call('GET', '/@users/ann', undefined, BASIC('ann', 'ann-password'))).status).toBe(200);
    point.release();
  });

  it('durable mode: after a teardown, a restart does not bring the undone writes back', async () => {
    const dir = tmpDataDir('rollback');
    const site = await persistentSite(dir, { durable: true });
    const point = rememberSite(site.store, site.services);
    expect((await site.call('POST', '', { '@type': 'Document', id: 'undone', title: 'Undone' })).status).toBe(201);
    await restoreSite(site.store, site.services, point);
    expect((await site.call('POST', '', { '@type': 'Document', id: 'kept', title: 'Kept' })).status).toBe(201);
    await site.persistence!.flushed();
    const again = await persistentSite(dir, { durable: true });
    expect((await again.call('GET', '/undone')).status).toBe(404);
    expect((await again.call('GET', '/kept')).status).toBe(200);
    expect((await again.call('GET', '/@search?SearchableText=undone')).body.items_total).toBe(0);
  });
});
