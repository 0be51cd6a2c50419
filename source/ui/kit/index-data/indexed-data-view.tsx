/**
 * What a pane that browses one index's data (Vector, Search) draws before its own statistics:
 * the list of indexes (or the id's field) while one is chosen, how to choose one while none is,
 * and the index's data while it is open. Draws only: the keys are the controller's.
 */
import type { ReactNode } from 'react';
import type { IndexKind } from '../../../api/index-access.js';
import { sanitize } from '../../../text/sanitize.js';
import { indexEdits } from '../index-picker/index-edits.js';
import type { IndexPickerController } from '../index-picker/index-picker-controller.js';
import { IndexPicker, NoIndex } from '../index-picker/index-picker-view.js';
import { type IndexDataControls, IndexDataView } from './index-data-view.js';
import type { IndexedDataState } from './indexed-data-state.js';

/** What the pane's title calls its index. */
const whats: Record<IndexKind, string> = { vector: 'Vector index', search: 'Search index' };

export interface IndexedDataScreenProps<T, Id extends string, Spec> {
	kind: IndexKind;
	/** The name of the index shown, where the pane knows it. */
	name: string | undefined;
	state: IndexedDataState<Id, Spec>;
	controller: IndexDataControls<Id> & { picker: IndexPickerController<T> };
	readOnly: boolean;
	width: number;
	height: number;
}

/** The screen of choosing an index or browsing its data; undefined where the pane draws its own. */
export function indexedDataScreen<T, Id extends string, Spec>(
	props: IndexedDataScreenProps<T, Id, Spec>,
): ReactNode | undefined {
	const { state, controller, width, height } = props;
	const what = whats[props.kind];
	if (state.picking || state.typing)
		return (
			<IndexPicker
				what={what}
				state={state}
				picker={controller.picker}
				edits={indexEdits(props.kind, controller, state, props)}
				width={width}
				height={height}
			/>
		);
	if (!state.indexId) return <NoIndex what={what} />;
	if (state.open)
		return (
			<IndexDataView
				title={`${what} ${sanitize(props.name ?? state.indexId)}`}
				state={state}
				controller={controller}
				readOnly={props.readOnly}
				width={width}
				height={height}
			/>
		);
	return undefined;
}
