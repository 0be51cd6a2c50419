import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2]));
const byId = new Map(prof.nodes.map(n => [n.id, n]));
const dt = prof.timeDeltas; let total = 0; const counts = new Map();
prof.samples.forEach((id, i) => { counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; });
const self = new Map();
for (const [id, t] of counts) { const u = byId.get(id).callFrame.url; let key = u.includes('/source/') ? 'ours:' + u.split('/source/')[1].split('/').slice(0, 2).join('/') : u.includes('node_modules') ? 'dep:' + u.split('node_modules/')[1].split('/')[0] : (u || byId.get(id).callFrame.functionName); self.set(key, (self.get(key) ?? 0) + t); }
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((t / total * 100).toFixed(1).padStart(5), k);
