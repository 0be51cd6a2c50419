/**
 * The search data plane, as @upstash/search speaks it: the vector data plane's protocol with
 * the index name as the last path segment (`upsert-data/<index>`, `search/<index>`, ...), always
 * POST. Documents are `{id, content, metadata?}`; a search filter reads the content, and
 * `@metadata.` paths the metadata. `reranking`, `semanticWeight` and `inputEnrichment` are
 * accepted and change nothing: the local ranking is BM25 alone.
 *
 * Every successful command but info and list-namespaces counts as one request of the index's
 * throughput.
 */

import {
	type DataPlaneOperation,
	listBody,
	type OperationCall,
	sharedOperations,
} from '../common/data-plane.js';
import { EngineError } from '../common/engine-error.js';
import { checkBatch, checkId } from '../common/records.js';
import { filterOf, flag, object, text } from '../common/requests.js';
import type { SearchDatabase } from './database.js';
import type { DocumentInput, StoredDocument } from './engine.js';

type Call = OperationCall<SearchDatabase>;

const indexOf = (call: Call) => call.namespace ?? '';

function documents(call: Call, what: string): DocumentInput[] {
	const items = listBody(call.body);
	checkBatch(items.length, 'documents');
	return items.map((item, i) => {
		const where = `${what}: documents[${i}]`;
		const doc = object(item, where);
		// The SDK's documents have content; a vector-style record's data is its content.
		const content = doc.content ?? doc.data;
		return { id: checkId(doc.id, where), content, metadata: doc.metadata } as DocumentInput;
	});
}

/** Metadata is returned unless includeMetadata is false. */
function shown(
	docs: (StoredDocument | null)[],
	body: Record<string, unknown>,
	what: string,
): (StoredDocument | null)[] {
	if (flag(body, 'includeMetadata', what) !== false) return docs;
	return docs.map((doc) => doc && { id: doc.id, content: doc.content });
}

function upsert(what: string): DataPlaneOperation<SearchDatabase> {
	return {
		command: what,
		methods: ['POST'],
		namespaced: true,
		access: 'write',
		run(call) {
			const docs = documents(call, what);
			call.engine.writing(indexOf(call)).upsert(docs);
			call.count('update', 1);
			return 'Success';
		},
	};
}

export const searchOperations: DataPlaneOperation<SearchDatabase>[] = [
	upsert('upsert-data'),
	upsert('upsert'),
	{
		command: 'search',
		methods: ['POST'],
		namespaced: true,
		access: 'read',
		run(call) {
			const what = 'search';
			const body = object(call.body, what);
			const query = text(body.query, 'query', what);
			if (query === undefined) throw new EngineError('invalid', `${what}: query must be a string`);
			flag(body, 'reranking', what);
			const matches = call.engine
				.reading(indexOf(call))
				.search({ query, topK: (body.topK ?? 10) as number, filter: filterOf(body.filter, what) });
			call.count('query', 1);
			return shown(matches, body, what);
		},
	},
	...sharedOperations<SearchDatabase>({
		host: (engine) => engine,
		noun: 'index',
		fetch(call, chosen, options, what) {
			const engine = call.engine.reading(indexOf(call));
			return shown(
				'ids' in chosen ? engine.fetch(chosen.ids) : engine.fetchPrefix(chosen.prefix),
				options,
				what,
			);
		},
		range(call, asked, body, what) {
			const page = call.engine.reading(indexOf(call)).range(asked);
			return { ...page, vectors: shown(page.vectors, body, what) };
		},
		deleting: (call) => call.engine.index(indexOf(call)),
		// A delete is one request of the index's throughput, as every other command.
		deleteCount: () => 1,
	}),
];
