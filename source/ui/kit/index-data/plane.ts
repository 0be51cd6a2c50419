/**
 * What a pane says about its index's data plane for the kit to browse it: the form's fields and
 * how its values become a request (checked by the parsers of source/api), how a read is sent
 * and its answer read, and a delete as its exact request. The Vector pane has one for vector
 * indexes, the Search pane one for search databases.
 */
import type { MqClient } from '../../../api/client.js';
import type { IndexAccess, IndexKind } from '../../../api/index-access.js';
import type { ApiRequest } from '../../../api/transport.js';
import type { FieldSpec } from '../form/form-state.js';
import type { FormErrors } from '../form/form-view.js';
import type { DataResult } from './index-data-state.js';

export interface DataPlane<Id extends string, Spec> {
	kind: IndexKind;
	fields: readonly FieldSpec<Id>[];
	/** The form's values as a request, or what is wrong with them, field by field. */
	check(values: Readonly<Record<Id, string>>): { errors: FormErrors<Id>; spec?: Spec };
	/** Whether the request deletes (it is shown first) or reads. */
	deletes(spec: Spec): boolean;
	/** The request in words, for the title over its answer. */
	words(spec: Spec): string;
	read(client: MqClient, access: IndexAccess, spec: Spec, cursor: string | undefined): Promise<DataResult>;
	/** The delete of one record by id, where `read` found it. */
	deleteOne(id: string, read: Spec): Spec;
	deleteRequest(spec: Spec): { title: string; request: ApiRequest; done?: string };
	/** Sends the delete with the index token (refused unsent where the access allows no writes). */
	delete(client: MqClient, access: IndexAccess, spec: Spec): Promise<number>;
}
