import { createServer } from 'node:http';
import { Pool } from 'undici';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
const { startLocalService } = await import('/work/wt/devloop/dist/local/service.js');
const kept = process.argv[2] === 'kept';
let arrived = 0; let waiter;
const sink = createServer((req, res) => { req.resume(); req.on('end', () => { arrived++; res.end('ok'); if (waiter && arrived >= waiter.n) waiter.r(); }); });
await new Promise(r => sink.listen(0, '127.0.0.1', r));
const sinkUrl = `http://127.0.0.1:${sink.address().port}`;
const dataDir = kept ? await mkdtemp(path.join(tmpdir(), 'prof-')) : undefined;
const service = await startLocalService({ limits: { max_requests_per_second: 1e9 }, ...(dataDir ? { dataDir } : {}) });
const pool = new Pool(service.queueUrl, { connections: 64 });
async function run(count) {
  arrived = 0; let next = 0;
  const t0 = performance.now();
  const done = new Promise(r => { waiter = { n: count, r }; });
  await Promise.all(Array.from({ length: 64 }, async () => { while (next < count) { next++; const a = await pool.request({ path: `/v2/publish/${sinkUrl}/d`, method: 'POST', headers: { authorization: `Bearer ${service.token}`, 'content-type': 'text/plain' }, body: 'message x' }); await a.body.dump(); } }));
  await done;
  return count / (performance.now() - t0) * 1000;
}
await run(2000);
const cpu0 = process.cpuUsage();
let total = 0;
const rates = [];
for (let i = 0; i < 4; i++) { rates.push(await run(5000)); total += 5000; }
const cpu = process.cpuUsage(cpu0);
console.log(kept ? 'kept     ' : 'ephemeral', 'cpu µs/msg', ((cpu.user + cpu.system) / total).toFixed(1), 'rates', rates.map(r => r.toFixed(0)).join(' '));
await pool.close(); await service.close(); sink.close();
