/**
 * Bundles each entry that starts a thread into one file beside it, which is what runs:
 * - dist/cli/monitor.bundle.js, what the monitor runs on its own thread: the config, the
 *   client, zod, undici, the TUI with Ink and React (`mqtop` loads it for the monitor);
 * - dist/receiver/worker-entry.bundle.js and dist/local/service-thread-entry.bundle.js, the receiver's
 *   and the local service's worker threads (their hosts start them from the bundle).
 * Loading hundreds of small modules (zod's alone are about a hundred) was most of the monitor's
 * start; one file, tree-shaken, loads faster (`npm run bench tui`). What is imported dynamically (the
 * TUI, undici, the workers' hosts, the demo) stays so: it is evaluated only when first used.
 * Left out: LevelDB (a native addon, found by its own path), and from the monitor the local
 * service, which its worker thread loads.
 */

import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rolldown } from 'rolldown';
import { writtenFor } from './bundle-files.mjs';

const dist = path.resolve('dist');
const devtools = '\0no-devtools';
const inkEntry = createRequire(import.meta.url).resolve('ink');
const inkOutput = path.join(path.dirname(inkEntry), 'output.js');
const inkVersion = JSON.parse(
	await readFile(path.join(path.dirname(inkEntry), '..', 'package.json'), 'utf8'),
).version;
const inkOutputLocator = path.join(dist, 'ui', 'ink', 'ink-output.js');
const inkInstances = path.join(path.dirname(inkOutput), 'instances.js');
const inkInstancesLocator = path.join(dist, 'ui', 'ink', 'ink-instances.js');

const cellWidth = path.join(dist, 'ui', 'ink', 'cell-width.js');

const plugins = [
	{
		// Ink loads React DevTools only when DEV=true; the monitor never does, and the package is not installed.
		name: 'no-devtools',
		resolveId: (id) => (id === 'react-devtools-core' ? devtools : null),
		load: (id) => (id === devtools ? 'export default { initialize() {}, connectToDevTools() {} };' : null),
	},
	{
		// yoga loads its WebAssembly from a data: URL with fetch when there is a fetch: in Node that is
		// undici's, which nothing else here loads, with a slow data: URL decoder. The synchronous
		// decoder beside it does the same for a fraction of the start-up.
		name: 'yoga-without-fetch',
		transform(code, id) {
			if (!id.endsWith(path.join('yoga-layout', 'dist', 'binaries', 'yoga-wasm-base64-esm.js'))) return null;
			const fetching = 'w||"function"!=typeof fetch?Promise.resolve()';
			if (code.split(fetching).length !== 2) throw new Error(`yoga-layout changed: no ${fetching} in ${id}`);
			return code.replace(fetching, 'w||!0?Promise.resolve()');
		},
	},
	{
		// string-width, slice-ansi and ansi-tokenize each make a grapheme segmenter when loaded, and the
		// first Intl object of a process loads ICU's data before the first frame, which
		// needs none (its lines are one-cell text, ui/ink/cell-width.ts). Here each is made at its
		// first use; the packages only ever call its segment().
		name: 'lazy-segmenters',
		transform(code, id) {
			if (!id.includes(`${path.sep}node_modules${path.sep}`) || !code.includes('new Intl.Segmenter('))
				return null;
			const made = /^const (\w+) = new Intl\.Segmenter\(([^)]*)\);$/gm;
			let replaced = 0;
			const lazy = code.replace(made, (_, name, args) => {
				const otherUse = new RegExp(`\\b${name}\\.(?!segment\\()|[(,=]\\s*${name}\\b(?!\\.segment\\()`);
				if (otherUse.test(code)) throw new Error(`${id}: ${name} is used other than by segment()`);
				replaced++;
				return `const ${name} = ((made) => ({ segment: (text) => (made ??= new Intl.Segmenter(${args})).segment(text) }))();`;
			});
			if (lazy.split('new Intl.Segmenter(').length - 1 !== replaced) {
				throw new Error(`${id}: a segmenter made otherwise than expected`);
			}
			return lazy;
		},
	},
	{
		// From Node 22 an import of a built-in module reads every export it has, and some load code of
		// their own when read: node:http's WebSocket loads Node's copy of undici (before the
		// monitor's first frame), node:fs and node:process theirs. A require reads nothing, so each chunk
		// requires the built-ins it imports and takes just the names it imports.
		name: 'builtins-required',
		renderChunk(code) {
			let required = false;
			const rewritten = code.replace(/^import (.+?) from "node:([\w/]+)";$/gm, (line, clause, name) => {
				if (name === 'module') return line;
				required = true;
				const from = `$$require(${JSON.stringify(`node:${name}`)})`;
				const [, whole, names] = /^(?:\* as )?([\w$]+)?(?:, )?(?:\{ (.+) \})?$/.exec(clause) ?? [];
				if (whole === undefined && names === undefined)
					throw new Error(`an import of node:${name} not understood: ${line}`);
				const destructured = names?.replaceAll(' as ', ': ');
				if (whole === undefined) return `const { ${destructured} } = ${from};`;
				return `const ${whole} = ${from};${destructured ? ` const { ${destructured} } = ${whole};` : ''}`;
			});
			if (/^import .*"node:(?!module")|^export .*"node:/m.test(rewritten))
				throw new Error('a built-in imported otherwise than expected');
			if (!required) return null;
			return `import { createRequire as $$requireFrom } from "node:module";\nconst $$require = $$requireFrom(import.meta.url);\n${rewritten}`;
		},
	},
	{
		// Ink lays out and draws the whole screen after every commit of React's, even one that
		// changed nothing on screen: a poll whose answer equals the last re-renders components that
		// read the poll store, and each commit cost a full frame (an idle monitor's CPU, README,
		// Development). Here a commit that changed no node, text or style of Ink's draws nothing.
		name: 'ink-unchanged-commits',
		transform(code, id) {
			if (!id.endsWith(path.join('ink', 'build', 'reconciler.js'))) return null;
			const edits = [
				['    appendInitialChild: appendChildNode,', '    appendInitialChild: changes(appendChildNode),'],
				['    appendChild: appendChildNode,', '    appendChild: changes(appendChildNode),'],
				['    insertBefore: insertBeforeNode,', '    insertBefore: changes(insertBeforeNode),'],
				[
					'    appendChildToContainer: appendChildNode,',
					'    appendChildToContainer: changes(appendChildNode),',
				],
				[
					'    insertInContainerBefore: insertBeforeNode,',
					'    insertInContainerBefore: changes(insertBeforeNode),',
				],
				[
					'    removeChildFromContainer(node, removeNode) {',
					'    removeChildFromContainer(node, removeNode) {\n        hostChanged = true;',
				],
				[
					'    removeChild(node, removeNode) {',
					'    removeChild(node, removeNode) {\n        hostChanged = true;',
				],
				[
					'    commitTextUpdate(node, _oldText, newText) {',
					'    commitTextUpdate(node, _oldText, newText) {\n        hostChanged = true;',
				],
				['    hideTextInstance(node) {', '    hideTextInstance(node) {\n        hostChanged = true;'],
				[
					'    unhideTextInstance(node, text) {',
					'    unhideTextInstance(node, text) {\n        hostChanged = true;',
				],
				['    hideInstance(node) {', '    hideInstance(node) {\n        hostChanged = true;'],
				['    unhideInstance(node) {', '    unhideInstance(node) {\n        hostChanged = true;'],
				[
					'        if (!props && !style) {\n            return;\n        }',
					'        if (!props && !style) {\n            return;\n        }\n        hostChanged = true;',
				],
				[
					'    resetAfterCommit(rootNode) {',
					'    resetAfterCommit(rootNode) {\n        if (!hostChanged && !rootNode.isStaticDirty) return;\n        hostChanged = false;',
				],
			];
			let patched = code;
			for (const [from, to] of edits) {
				if (patched.split(from).length !== 2) throw new Error(`ink changed: not once in ${id}: ${from}`);
				patched = patched.replace(from, to);
			}
			return `${patched}\nvar hostChanged = true;\nfunction changes(change) {\n    return (...args) => {\n        hostChanged = true;\n        return change(...args);\n    };\n}\n`;
		},
	},
	{
		// Ink and the packages it measures and wraps text with count cells through ui/ink/cell-width.ts,
		// which answers the lines a monitor draws most (chart, box and Latin characters, one cell each)
		// without string-width's grapheme segmenter, and hands string-width the rest.
		name: 'cell-width',
		resolveId(id, importer) {
			if (id !== 'string-width' || !importer || importer === cellWidth) return null;
			return importer.includes(`${path.sep}node_modules${path.sep}`) ? cellWidth : null;
		},
	},
	{
		// The TUI reaches Ink's Output class at run time by its file (ui/ink/ink-output.ts); here Ink
		// is bundled, so the same file is imported statically and becomes the bundle's one copy.
		name: 'ink-output',
		load: (id) =>
			id === inkOutputLocator
				? `export { default } from ${JSON.stringify(inkOutput)};\nexport const inkVersion = ${JSON.stringify(inkVersion)};`
				: null,
	},
	{
		// Likewise Ink's map of its instances (ui/ink/ink-instances.ts), which render() fills.
		name: 'ink-instances',
		load: (id) =>
			id === inkInstancesLocator ? `export { default } from ${JSON.stringify(inkInstances)};` : null,
	},
];

/**
 * Bundles dist/<entry>.js into dist/<entry>.bundle.js; `keptOut` are files of dist/ it imports as
 * they are. Returns the chunks written (the bundler's output, with their imports).
 */
async function bundle(entry, keptOut = []) {
	const kept = new Set(keptOut.map((file) => path.join(dist, file)));
	const name = path.basename(entry);
	const dir = path.join(dist, path.dirname(entry));
	// Chunks of an earlier build, whose names may be gone from this one.
	const earlier = writtenFor(name);
	for (const file of await readdir(dir)) if (earlier(file)) await rm(path.join(dir, file));
	const build = await rolldown({
		input: path.join(dist, `${entry}.js`),
		platform: 'node',
		logLevel: 'warn',
		external(id, importer) {
			if (id.startsWith('node:') || id === 'classic-level') return true;
			if (!id.startsWith('.') || !importer) return false;
			return kept.has(path.resolve(path.dirname(importer), id));
		},
		transform: { define: { 'process.env.NODE_ENV': '"production"' } },
		plugins,
	});
	const { output } = await build.write({
		dir,
		format: 'esm',
		entryFileNames: `${name}.bundle.js`,
		chunkFileNames: `${name}.bundle-[name].js`,
		// All ASCII (strings escaped, comments but the licences dropped): V8 scans a one-byte source
		// faster than one with a single character beyond.
		charset: 'ascii',
		comments: { legal: true, annotation: false, jsdoc: false },
	});
	await build.close();
	return output.filter((chunk) => chunk.type === 'chunk');
}

/**
 * The chunks the monitor loads before its first frame, by what the bundler wrote: those its
 * entry imports, the TUI's (dynamically imported; `tui` is its module) and those the TUI imports,
 * each with what it imports in turn. A chunk the bundler cuts anew is among them by itself.
 */
function loadedBeforeFirstFrame(chunks, tui) {
	const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
	const roots = chunks.filter((chunk) => chunk.isEntry || chunk.facadeModuleId === tui);
	if (roots.length !== 2)
		throw new Error(`the monitor's entry or its TUI (${tui}) is not a chunk of its own`);
	const loaded = new Set();
	const visit = (chunk) => {
		if (loaded.has(chunk)) return;
		loaded.add(chunk);
		for (const file of chunk.imports) {
			const imported = byFile.get(file);
			if (imported) visit(imported);
		}
	};
	for (const root of roots) visit(root);
	return [...loaded];
}

/**
 * Turns the ES module chunk `file` into a script that cli/code-cache.ts runs with V8's code kept
 * between runs (`<chunk>.script.js`: an async function of the namespaces of the modules it
 * imports, returning its exports), and `file` into the module that loads it and exports the same
 * names. The names a chunk imports are read once, when it runs: any other chunk's export it takes
 * must never change, so one declared with let or var fails the build.
 */
async function asCachedScript(file, originals) {
	const code = originals.get(file);
	const importLine = /^import \{ (.+) \} from "([^"]+)";$/gm;
	const deps = [...code.matchAll(importLine)].map(([, names, from]) => ({ names, from }));
	const exportLine = /^export \{ (.+) \};$/m;
	const exported = exportLine.exec(code)?.[1];
	if (!exported) throw new Error(`${file}: no export line`);
	let body = code.replace(importLine, '').replace(exportLine, '');
	if (/^(?:import|export)\b/m.test(body)) throw new Error(`${file}: an import or export form not understood`);
	for (const { names, from } of deps) {
		if (!from.startsWith('./')) continue;
		const depFile = path.join(path.dirname(file), from);
		const dep = originals.get(depFile) ?? (await readFile(depFile, 'utf8'));
		const locals = new Map(
			(exportLine.exec(dep)?.[1] ?? '').split(', ').map((entry) => {
				const [local, as = local] = entry.split(' as ');
				return [as, local];
			}),
		);
		for (const entry of names.split(', ')) {
			const local = locals.get(entry.split(' as ')[0]);
			if (local === undefined) throw new Error(`${file}: ${entry} is not exported by ${from}`);
			const name = local.replaceAll('$', '\\$');
			const variable = new RegExp(`^(?:let|var) ${name}\\b`, 'm').test(dep);
			const assigned = new RegExp(`(?:^|[^.\\w$])${name}\\s*(?:[-+*/%|&]?=(?![=>])|\\+\\+|--)`, 'gm');
			const declaredWithValue = new RegExp(`^(?:let|var) ${name}\\s*=`, 'm').test(dep);
			if (variable && (dep.match(assigned)?.length ?? 0) > (declaredWithValue ? 1 : 0))
				throw new Error(`${file}: ${entry} of ${from} changes after it is read`);
		}
	}
	const uses = (text, token) => text.split(token).length - 1;
	if (/\b__(?:deps|meta|import)\b/.test(body)) throw new Error(`${file}: uses the names its script takes`);
	const dynamicImports = uses(body, 'import(');
	const metas = uses(body, 'import.meta');
	body = body.replaceAll('import.meta', '__meta').replaceAll('import(', '__import(');
	if (uses(body, '__import(') !== dynamicImports || uses(body, '__meta') < metas)
		throw new Error(`${file}: its imports could not be rewritten`);
	const taken = deps.map(({ names }, i) => `const { ${names.replaceAll(' as ', ': ')} } = __deps[${i}];`);
	const returned = exported.split(', ').map((entry) => {
		const [local, as = local] = entry.split(' as ');
		return as === local ? local : `${as}: ${local}`;
	});
	const script = `${path.basename(file, '.js')}.script.js`;
	await writeFile(
		path.join(path.dirname(file), script),
		`(async function (__deps, __meta, __import) {\n"use strict";\n${taken.join('\n')}\n${body}\nreturn { ${returned.join(', ')} };\n})`,
	);
	await writeFile(
		file,
		[
			...deps.map(({ from }, i) => `import * as __dep${i} from ${JSON.stringify(from)};`),
			'import { runChunkScript } from "./code-cache.js";',
			`const __chunk = await runChunkScript(${JSON.stringify(`./${script}`)}, [${deps.map((_, i) => `__dep${i}`).join(', ')}], import.meta, (specifier) => import(specifier));`,
			`export const { ${returned.map((entry) => entry.split(': ')[0]).join(', ')} } = __chunk;`,
			'',
		].join('\n'),
	);
}

const monitorChunks = await bundle('cli/monitor', ['local/service.js', 'cli/code-cache.js']);
// The monitor's TUI, most of what its start compiles, and the chunks it loads before its first
// frame; not the entry (it loads code-cache.js), nor a chunk of less than a kibibyte, which
// compiles in less than the reading of its kept code.
const cachedMinBytes = 1024;
const cached = loadedBeforeFirstFrame(monitorChunks, path.join(dist, 'ui', 'run.js'))
	.filter((chunk) => !chunk.isEntry && Buffer.byteLength(chunk.code) >= cachedMinBytes)
	.map((chunk) => path.join(dist, 'cli', chunk.fileName));
// Each reads the chunks it imports as the bundler wrote them.
const originals = new Map(
	await Promise.all(cached.map(async (file) => [file, await readFile(file, 'utf8')])),
);
for (const file of cached) await asCachedScript(file, originals);
await bundle('receiver/worker-entry');
await bundle('local/service-thread-entry');
