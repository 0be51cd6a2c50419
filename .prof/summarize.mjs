import { readFileSync, readdirSync } from 'node:fs';
const file = readdirSync('.').find(f => f.endsWith('.cpuprofile'));
const prof = JSON.parse(readFileSync(file));
const self = new Map(); const byId = new Map(prof.nodes.map(n => [n.id, n]));
const dt = prof.timeDeltas; let total = 0;
const counts = new Map();
prof.samples.forEach((id, i) => { counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; });
for (const [id, t] of counts) { const n = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber}`; self.set(key, (self.get(key) ?? 0) + t); }
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 45);
for (const [k, t] of top) console.log((t / total * 100).toFixed(1).padStart(5), k);
// inclusive for persistence files
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of counts) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const u = n.callFrame.url; for (const pat of ['persistence/', 'classic-level', 'abstract-level']) if (u.includes(pat) && !seen.has(pat)) { seen.add(pat); incl.set(pat, (incl.get(pat) ?? 0) + t); } cur = parent.get(cur); } }
console.log('inclusive', [...incl].map(([k, t]) => `${k} ${(t / total * 100).toFixed(1)}%`).join(', '));
