/** The pending change of a request flow, shown as its exact request until it is answered. */

import { Confirm } from '../confirm/confirm-view.js';
import { previewRequest } from '../confirm/request-preview.js';
import type { PendingRequest, RequestFlow } from './request-flow-state.js';

/** What answers the question: every pane's controller sends or cancels the request shown. */
export interface ConfirmAnswer {
	send(): Promise<void>;
	cancelConfirm(): void;
}

export function ConfirmRequest<P extends PendingRequest>(props: {
	flow: RequestFlow<P>;
	/** The host the request's path is relative to. */
	host: string;
	size: { width: number; height: number };
	answer: ConfirmAnswer;
}) {
	const { confirm, busy } = props.flow;
	const { width, height } = props.size;
	if (!confirm) return null;
	return (
		<Confirm
			title={confirm.title}
			preview={previewRequest(confirm.request)}
			host={props.host}
			width={width}
			height={height}
			busy={busy}
			onSend={() => void props.answer.send()}
			onCancel={() => props.answer.cancelConfirm()}
		/>
	);
}
