/** A pane given over to a form: what it does first, why the last send was refused, then the form in the rows left. */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { FormScreen } from '../../../source/ui/kit/form/form-screen.js';
import { createForm } from '../../../source/ui/kit/form/form-state.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');
const fields = [
	{ id: 'name' as const, label: 'name', placeholder: 'a name' },
	{ id: 'url' as const, label: 'url', placeholder: 'https://…' },
];
const controls = { formAction: () => {}, submitForm: () => {}, closeForm: () => {} };

function linesOf(failure: string | undefined, height: number) {
	const { lastFrame, unmount } = render(
		<FormScreen
			title="New thing"
			failure={failure}
			form={createForm(fields, { name: 'x' })}
			errors={{ url: 'give a URL' }}
			size={{ width: 40, height }}
			controls={controls}
		/>,
	);
	const lines = strip(lastFrame()).split('\n');
	unmount();
	return lines;
}

describe('FormScreen', () => {
	it('shows the title, then the form', () => {
		const lines = linesOf(undefined, 6);
		expect(lines[0]).toBe('New thing');
		expect(lines[1]).toContain('name');
		expect(lines.join('\n')).toContain('url');
	});

	it('puts a refusal, wrapped whole, between the title and the form, which keeps the rows left', () => {
		const reason = 'the service refused it: a reason long enough to take two rows';
		const lines = linesOf(reason, 6);
		expect(lines[0]).toBe('New thing');
		expect(lines[1]).toMatch(/^✗ the service refused it/);
		expect(lines[3]).toContain('name');
		expect(lines.length).toBeLessThanOrEqual(6);
	});
});
