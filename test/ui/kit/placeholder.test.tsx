/** A placeholder stays where it is when its field takes the focus: only the cursor appears on it. */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createForm } from '../../../source/ui/kit/form/form-state.js';
import { Form } from '../../../source/ui/kit/form/form-view.js';
import { TextInput } from '../../../source/ui/kit/text-input/text-input-view.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');
const fields = [
	{ id: 'url' as const, label: 'destination', placeholder: 'https://… or a URL Group name' },
	{ id: 'body' as const, label: 'body', placeholder: 'the message' },
];

function frameOf(active: boolean) {
	const form = createForm(fields, {}, 'url');
	const { lastFrame, unmount } = render(
		<Form
			form={form}
			errors={{}}
			width={60}
			height={4}
			active={active}
			onAction={() => {}}
			onSubmit={() => {}}
			onCancel={() => {}}
		/>,
	);
	const frame = strip(lastFrame());
	unmount();
	return frame.split('\n');
}

describe('a placeholder', () => {
	it('keeps its column in a focused empty form field', () => {
		const [idle] = frameOf(false);
		const [focused] = frameOf(true);
		expect(idle!.indexOf('https://')).toBeGreaterThan(0);
		expect(focused!.indexOf('https://')).toBe(idle!.indexOf('https://'));
		expect(focused).toContain('›');
	});

	it('keeps its column in an empty text field', () => {
		const { lastFrame, unmount } = render(
			<TextInput
				label="Filter /"
				placeholder="a regular expression"
				onSubmit={() => {}}
				onCancel={() => {}}
			/>,
		);
		expect(strip(lastFrame())).toBe('Filter / a regular expression');
		unmount();
	});
});
