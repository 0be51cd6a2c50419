/**
 * Bundles the TUI (dist/ui/run.js with Ink, React and their dependencies) into one file,
 * dist/ui/run.bundle.js. Loading Ink's hundreds of small modules is most of the monitor's
 * start-up; one file loads in about half the time. Our modules outside the UI stay external,
 * so the monitor and the TUI share one copy of them (one ApiError class, one schema set).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { rolldown } from 'rolldown';

const dist = path.resolve('dist');
const bundled = /[\\/]dist[\\/](ui|format)[\\/]/;
const devtools = '\0no-devtools';
const inkOutput = path.join(path.dirname(createRequire(import.meta.url).resolve('ink')), 'output.js');
const inkOutputLocator = path.join(dist, 'ui', 'ink', 'ink-output.js');

const bundle = await rolldown({
	input: 'dist/ui/run.js',
	platform: 'node',
	logLevel: 'warn',
	external(id, importer) {
		if (id.startsWith('node:')) return true;
		if (!id.startsWith('.') || !importer) return false;
		const target = path.resolve(path.dirname(importer), id);
		return target.startsWith(dist) && !bundled.test(target);
	},
	transform: { define: { 'process.env.NODE_ENV': '"production"' } },
	plugins: [
		{
			// Ink loads React DevTools only when DEV=true; the monitor never does, and the package is not installed.
			name: 'no-devtools',
			resolveId: (id) => (id === 'react-devtools-core' ? devtools : null),
			load: (id) => (id === devtools ? 'export default { initialize() {}, connectToDevTools() {} };' : null),
		},
		{
			// The TUI reaches Ink's Output class at run time by its file (ui/ink/ink-output.ts); here Ink
			// is bundled, so the same file is imported statically and becomes the bundle's one copy.
			name: 'ink-output',
			load: (id) =>
				id === inkOutputLocator ? `export { default } from ${JSON.stringify(inkOutput)};` : null,
		},
	],
});
await bundle.write({ file: 'dist/ui/run.bundle.js', format: 'esm', codeSplitting: false });
await bundle.close();
