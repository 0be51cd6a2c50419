/** The Vector pane's work outside React: its index's data, browsed with the kit (./data-plane.ts). */
import type { PaneContext } from '../../contract/pane.js';
import { IndexDataController } from '../../kit/index-data/index-data-controller.js';
import { type VectorField, type VectorSpec, vectorPlane } from './data-plane.js';
import type { VectorAction, VectorState } from './vector-state.js';

export class VectorController extends IndexDataController<
	VectorState,
	VectorAction,
	VectorField,
	VectorSpec
> {
	constructor(context: PaneContext<VectorState, VectorAction>) {
		super(context, vectorPlane);
	}
}
