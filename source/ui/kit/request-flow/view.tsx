/** The pending change of a request flow, shown as its exact request until it is answered. */
import { previewRequest } from '../confirm/request-preview.js';
import { Confirm } from '../confirm/view.js';
import type { PendingRequest, RequestFlow } from './state.js';

export function ConfirmRequest<P extends PendingRequest>(props: {
	flow: RequestFlow<P>;
	/** The host the request's path is relative to. */
	host: string;
	width: number;
	height: number;
	onSend: () => void;
	onCancel: () => void;
}) {
	const { confirm, busy } = props.flow;
	if (!confirm) return null;
	return (
		<Confirm
			title={confirm.title}
			preview={previewRequest(confirm.request)}
			host={props.host}
			width={props.width}
			height={props.height}
			busy={busy}
			onSend={props.onSend}
			onCancel={props.onCancel}
		/>
	);
}
