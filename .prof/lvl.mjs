import { ClassicLevel } from 'classic-level';
import { mkdtempSync } from 'node:fs';
const db = new ClassicLevel(mkdtempSync('/tmp/lvl-'), { valueEncoding: 'buffer' });
await db.open();
const value = Buffer.alloc(700, 1);
async function arrayBatch(n, rounds) {
  const t0 = performance.now(); let cpu0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) { const ops = []; for (let i = 0; i < n; i++) ops.push({ type: 'put', key: `messages:msg_${r}_${i}_abcdefghijklmnop`, value }); await db.batch(ops); const dels = []; for (let i = 0; i < n; i++) dels.push({ type: 'del', key: `messages:msg_${r}_${i}_abcdefghijklmnop` }); await db.batch(dels); }
  const c = process.cpuUsage(cpu0); return [(performance.now() - t0) / (rounds * n * 2) * 1000, (c.user + c.system) / (rounds * n * 2)];
}
async function chained(n, rounds) {
  const t0 = performance.now(); let cpu0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) { let b = db.batch(); for (let i = 0; i < n; i++) b.put(`messages:msg_${r}_${i}_abcdefghijklmnop`, value); await b.write(); b = db.batch(); for (let i = 0; i < n; i++) b.del(`messages:msg_${r}_${i}_abcdefghijklmnop`); await b.write(); }
  const c = process.cpuUsage(cpu0); return [(performance.now() - t0) / (rounds * n * 2) * 1000, (c.user + c.system) / (rounds * n * 2)];
}
for (const n of [8, 64]) { console.log('array n', n, (await arrayBatch(n, 500)).map(x => x.toFixed(2))); console.log('chained n', n, (await chained(n, 500)).map(x => x.toFixed(2))); }
await db.close();
