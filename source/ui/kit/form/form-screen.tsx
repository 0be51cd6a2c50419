/**
 * A pane given over to one of its forms (a new schedule, a group's endpoints, a key's limits):
 * what the form does on the first line, why the last send was refused under it, and the form
 * in the rows left, with the keys.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { Failure, failureRows } from '../failure/failure-view.js';
import type { FormAction, FormState } from './form-state.js';
import { Form, type FormErrors } from './form-view.js';

/** What the form's keys do: a pane's controller edits, sends and closes its form. */
export interface FormControls<Id extends string> {
	formAction(action: FormAction<Id>): void;
	submitForm(): void;
	closeForm(): void;
}

export interface FormScreenProps<Id extends string> {
	/** The first line, bold: what sending the form does (a dim part may follow inside it). */
	title: ReactNode;
	/** Why the last send was refused: the form stays as typed under it. */
	failure: string | undefined;
	form: FormState<Id>;
	errors: FormErrors<Id>;
	size: { width: number; height: number };
	controls: FormControls<Id>;
}

export function FormScreen<Id extends string>(props: FormScreenProps<Id>) {
	const { failure, controls } = props;
	const { width, height } = props.size;
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{props.title}
			</Text>
			<Failure text={failure} width={width} />
			<Form
				form={props.form}
				errors={props.errors}
				width={width}
				height={height - 1 - failureRows(failure, width).length}
				active
				onAction={(action) => controls.formAction(action)}
				onSubmit={() => controls.submitForm()}
				onCancel={() => controls.closeForm()}
			/>
		</Box>
	);
}
