import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2]));
const byId = new Map(prof.nodes.map(n => [n.id, n]));
const dt = prof.timeDeltas; let total = 0; const counts = new Map();
prof.samples.forEach((id, i) => { counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; });
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of counts) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const cf = n.callFrame; if (cf.url.includes('/source/')) { const k = `${cf.functionName} ${cf.url.split('/source/')[1]}:${cf.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } } cur = parent.get(cur); } }
for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((t / total * 100).toFixed(1).padStart(5), k);
