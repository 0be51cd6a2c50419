/** The filter form over a list: a title, the fields, each field's problem under it, and how to type them. */
import { Box, Text } from 'ink';
import type { FilterErrors, FilterInputField } from '../../../api/filter-settings.js';
import type { FormAction } from '../form/form-state.js';
import { Form } from '../form/form-view.js';
import type { FilterForm } from './filtered-list-state.js';

export interface FilterFormProps {
	/** What is filtered, e.g. `Filter the dead letters`. */
	title: string;
	form: FilterForm;
	errors: FilterErrors;
	width: number;
	height: number;
	onAction: (action: FormAction<FilterInputField>) => void;
	onSubmit: () => void;
	onCancel: () => void;
}

export function FilterFormView(props: FilterFormProps) {
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{props.title}
				<Text dimColor> · the service filters; every field given must match</Text>
			</Text>
			<Text dimColor wrap="truncate-end">
				enter applies · empty fields are left out · commas separate several values, any of which may match
			</Text>
			<Form
				form={props.form}
				errors={props.errors}
				width={props.width}
				height={Math.max(1, props.height - 2)}
				active
				onAction={props.onAction}
				onSubmit={props.onSubmit}
				onCancel={props.onCancel}
			/>
		</Box>
	);
}
